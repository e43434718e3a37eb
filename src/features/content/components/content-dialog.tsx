import { RecordFormDialog } from '@/components/records/record-form-dialog';
import { contentCopy } from '@/config/content-copy';
import { useCreateContentItem } from '@/features/content/api/create-content-item';
import { useUpdateContentItem } from '@/features/content/api/update-content-item';
import { ContentFormFields } from '@/features/content/components/content-form-fields';
import { contentFormValues, contentItemInput, validateContentForm, type ContentItem } from '@/features/content/utils/content-form';

interface ContentDialogProps {
  /** The item to edit; null creates a new one (article, draft). */
  item: ContentItem | null;
  onClose(): void;
}

/** Create or edit a content item (the dialog's behaviour: RecordFormDialog). */
export function ContentDialog({ item, onClose }: ContentDialogProps) {
  const create = useCreateContentItem();
  const update = useUpdateContentItem();
  const initialValues = contentFormValues(item);

  return (
    <RecordFormDialog
      title={item ? contentCopy.dialogEditTitle : contentCopy.dialogCreateTitle}
      description={contentCopy.dialogDescription}
      labels={contentCopy}
      initialValues={initialValues}
      validate={(values) => validateContentForm(values, initialValues)}
      save={(values) => {
        const input = contentItemInput(values);
        return item ? update.mutateAsync({ id: item.id, input }) : create.mutateAsync(input);
      }}
      isSaving={create.isPending || update.isPending}
      onClose={onClose}
    >
      {({ values, errors, onChange }) => <ContentFormFields values={values} errors={errors} onChange={onChange} />}
    </RecordFormDialog>
  );
}
