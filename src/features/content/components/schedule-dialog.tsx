import { toast } from '@/lib/toast';
import { ListStatus } from '@/components/module/list-status';
import { OptionSelect } from '@/components/option-select';
import { RecordFormDialog } from '@/components/records/record-form-dialog';
import { Button } from '@/components/ui/button';
import { Dialog, DialogContent, DialogDescription, DialogHeader, DialogTitle } from '@/components/ui/dialog';
import { FormField } from '@/components/ui/form-field';
import { Input } from '@/components/ui/input';
import { contentCopy } from '@/config/content-copy';
import { SCHEDULABLE_LIMIT, useSchedulableContent, type SchedulableContent } from '@/features/content/api/get-schedulable-content';
import { useRescheduleContentItem } from '@/features/content/api/reschedule-content-item';
import { isSchedulableMoment } from '@/features/content/utils/calendar';
import { fromDateTimeInput, toDateTimeInput } from '@/lib/datetime-local';
import { describeLoadFailure } from '@/lib/error-kinds';

interface ScheduleValues {
  itemId: string;
  when: string;
}

const NONE = '__none__';
const copy = contentCopy.schedule;

/** The moment's error: unreadable, or before this minute (it would publish at once). */
function whenError(when: string): { when?: string } {
  const moment = fromDateTimeInput(when);
  if (!moment) return { when: copy.whenRequired };
  return isSchedulableMoment(moment, new Date()) ? {} : { when: copy.whenInPast };
}

/**
 * Schedule Publishing: pick an item that is not published yet and the moment it publishes itself (the job runner
 * makes it Published then). The choices are their own request (every draft and item in review, not only the list's
 * loaded pages); the form opens once they are in.
 */
export function ScheduleDialog({ onClose }: { onClose(): void }) {
  const choices = useSchedulableContent();
  if (choices.data) return <ScheduleForm items={choices.data} onClose={onClose} />;
  return (
    <Dialog open onOpenChange={(open) => !open && onClose()}>
      <DialogContent className="max-w-2xl">
        <DialogHeader>
          <DialogTitle>{copy.title}</DialogTitle>
          <DialogDescription>{copy.description}</DialogDescription>
        </DialogHeader>
        {choices.isError ? (
          <ListStatus kind="error" title={copy.loadFailed} description={describeLoadFailure(choices.error)}>
            <Button variant="outline" onClick={() => void choices.refetch()}>
              {copy.retry}
            </Button>
          </ListStatus>
        ) : (
          <ListStatus kind="loading" title={copy.loading} />
        )}
      </DialogContent>
    </Dialog>
  );
}

function ScheduleForm({ items, onClose }: { items: SchedulableContent[]; onClose(): void }) {
  const reschedule = useRescheduleContentItem();
  const options = [{ value: NONE, label: copy.itemPlaceholder }, ...items.map((item) => ({ value: item.id, label: item.title }))];
  const description = items.length === 0 ? copy.noItems : items.length >= SCHEDULABLE_LIMIT ? `${copy.description} ${copy.tooMany(SCHEDULABLE_LIMIT)}` : copy.description;

  return (
    <RecordFormDialog<ScheduleValues, Partial<Record<keyof ScheduleValues, string>>>
      title={copy.title}
      description={description}
      labels={copy}
      initialValues={{ itemId: items[0]?.id ?? NONE, when: toDateTimeInput(items[0]?.planned_publish_at ?? null) }}
      validate={(values) => ({
        ...(values.itemId === NONE ? { itemId: copy.itemRequired } : {}),
        ...whenError(values.when),
      })}
      save={async (values) => {
        await reschedule.mutateAsync({ id: values.itemId, plannedPublishAt: fromDateTimeInput(values.when)!, publishOnSchedule: true });
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
