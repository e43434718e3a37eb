import { useState } from 'react';
import { Button } from '@/components/ui/button';
import { Dialog, DialogContent, DialogDescription, DialogFooter, DialogHeader, DialogTitle } from '@/components/ui/dialog';
import { FormField } from '@/components/ui/form-field';
import { Input } from '@/components/ui/input';
import { automationCopy } from '@/config/automation-copy';
import { useEnrollContacts, useEnrollmentCount } from '@/features/automation/api/enroll-contacts';
import { FieldSelect } from '@/features/automation/components/field-select';
import { BAND_OPTIONS, STAGE_OPTIONS } from '@/features/automation/utils/workflow-graph';
import { enrollmentSummary, NO_ENROLLMENT_FILTER, type EnrollmentFilter } from '@/features/automation/utils/manual-enrollment';

interface EnrollContactsDialogProps {
  workspaceId: string;
  workflowId: string;
  workflowName: string;
  onClose(): void;
}

const stageLabel = (stage: string) => stage.replace(/_/g, ' ').replace(/^./, (first) => first.toUpperCase());

/** "Enroll contacts…": a filter of the contacts list, the count it gives (a dry run), then the enrollment on confirmation. */
export function EnrollContactsDialog({ workspaceId, workflowId, workflowName, onClose }: EnrollContactsDialogProps) {
  const [filter, setFilter] = useState<EnrollmentFilter>(NO_ENROLLMENT_FILTER);
  const count = useEnrollmentCount(workspaceId, workflowId, filter, true);
  const enroll = useEnrollContacts();
  const change = (patch: Partial<EnrollmentFilter>) => setFilter((current) => ({ ...current, ...patch }));
  return (
    <Dialog open onOpenChange={(open) => (open ? undefined : onClose())}>
      <DialogContent>
        <DialogHeader>
          <DialogTitle>{automationCopy.enrollTitle(workflowName)}</DialogTitle>
          <DialogDescription>{automationCopy.enrollDescription}</DialogDescription>
        </DialogHeader>
        <div className="grid gap-3 sm:grid-cols-3">
          <FormField label={automationCopy.enrollTag}>
            <Input value={filter.tag} maxLength={50} onChange={(event) => change({ tag: event.target.value })} />
          </FormField>
          <FormField label={automationCopy.stage}>
            <FieldSelect value={filter.stage} onChange={(event) => change({ stage: event.target.value })}>
              <option value="any">{automationCopy.enrollAny}</option>
              {STAGE_OPTIONS.map((stage) => <option key={stage} value={stage}>{stageLabel(stage)}</option>)}
            </FieldSelect>
          </FormField>
          <FormField label={automationCopy.triggerBand}>
            <FieldSelect value={filter.band} onChange={(event) => change({ band: event.target.value })}>
              <option value="any">{automationCopy.enrollAny}</option>
              {BAND_OPTIONS.map((band) => <option key={band} value={band}>{band}</option>)}
            </FieldSelect>
          </FormField>
        </div>
        <p role="status" aria-live="polite" className="text-sm text-muted-foreground">
          {count.isPending ? automationCopy.enrollCounting : count.isError ? `${automationCopy.enrollCountFailed} ${count.error.message}` : enrollmentSummary(count.data, false)}
        </p>
        <DialogFooter>
          <Button type="button" variant="outline" onClick={onClose}>{automationCopy.cancel}</Button>
          <Button
            type="button"
            disabled={!count.data || count.data.enrolled === 0 || enroll.isPending}
            onClick={() => enroll.mutate({ workflowId, filter }, { onSuccess: onClose })}
          >
            {enroll.isPending ? automationCopy.enrolling : automationCopy.enrollConfirm(count.data?.enrolled ?? 0)}
          </Button>
        </DialogFooter>
      </DialogContent>
    </Dialog>
  );
}
