import { toast } from 'sonner';
import { OptionSelect } from '@/components/option-select';
import { RecordFormDialog } from '@/components/records/record-form-dialog';
import { FormField } from '@/components/ui/form-field';
import { Input } from '@/components/ui/input';
import { contentCopy } from '@/config/content-copy';
import { useContentItems } from '@/features/content/api/get-content-items';
import { useRescheduleContentItem } from '@/features/content/api/reschedule-content-item';
import { fromDateTimeInput, toDateTimeInput } from '@/features/content/utils/calendar';

interface ScheduleValues {
  itemId: string;
  when: string;
}

const NONE = '__none__';

/** Schedule Publishing: pick an item that is not published yet and its planned publish moment. */
export function ScheduleDialog({ onClose }: { onClose(): void }) {
  const items = (useContentItems().data?.pages.flatMap((page) => page.items) ?? []).filter((item) => item.status !== 'published' && item.status !== 'archived');
  const reschedule = useRescheduleContentItem();
  const copy = contentCopy.schedule;
  const options = [{ value: NONE, label: copy.item }, ...items.map((item) => ({ value: item.id, label: item.title }))];

  return (
    <RecordFormDialog<ScheduleValues, Partial<Record<keyof ScheduleValues, string>>>
      title={copy.title}
      description={items.length === 0 ? copy.noItems : copy.description}
      labels={copy}
      initialValues={{ itemId: items[0]?.id ?? NONE, when: toDateTimeInput(items[0]?.planned_publish_at ?? null) }}
      validate={(values) => ({
        ...(values.itemId === NONE ? { itemId: copy.itemRequired } : {}),
        ...(fromDateTimeInput(values.when) ? {} : { when: copy.whenRequired }),
      })}
      save={async (values) => {
        await reschedule.mutateAsync({ id: values.itemId, plannedPublishAt: fromDateTimeInput(values.when)! });
        toast.success(copy.scheduled);
      }}
      isSaving={reschedule.isPending}
      onClose={onClose}
    >
      {({ values, errors, onChange }) => (
        <div className="space-y-4">
          <FormField label={copy.item} error={errors.itemId}>
            <OptionSelect
              value={values.itemId}
              options={options}
              onChange={(itemId) => onChange({ itemId, when: toDateTimeInput(items.find((item) => item.id === itemId)?.planned_publish_at ?? null) || values.when })}
            />
          </FormField>
          <FormField label={copy.when} error={errors.when}>
            <Input type="datetime-local" value={values.when} onChange={(event) => onChange({ ...values, when: event.target.value })} />
          </FormField>
        </div>
      )}
    </RecordFormDialog>
  );
}
