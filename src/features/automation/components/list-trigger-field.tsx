import { Link } from 'react-router';
import { FormField } from '@/components/ui/form-field';
import { automationCopy } from '@/config/automation-copy';
import { paths } from '@/config/paths';
import { FieldSelect } from '@/features/automation/components/field-select';
import { useEmailListNames } from '@/features/automation/api/get-email-names';

interface ListTriggerFieldProps {
  listId: string;
  disabled: boolean;
  /** What the list is for (default: the trigger's; a condition says its own). */
  note?: string;
  onChange(listId: string): void;
}

/** An Email Platform list of the workspace: whose confirmed subscriptions start the workflow, or a condition checks. */
export function ListTriggerField({ listId, disabled, note = automationCopy.listNote, onChange }: ListTriggerFieldProps) {
  const lists = useEmailListNames();
  const options = lists.data ?? [];
  const chosenIsListed = options.some((list) => list.id === listId);
  const hint = lists.isError
    ? automationCopy.listsFailed
    : lists.isSuccess && options.length === 0
      ? <>{automationCopy.noLists} <Link className="underline" to={paths.marketing.email}>{automationCopy.openEmailPlatform}</Link></>
      : note;
  return (
    <FormField label={automationCopy.triggerList} hint={hint}>
      <FieldSelect value={listId} disabled={disabled || lists.isPending} onChange={(event) => onChange(event.target.value)}>
        <option value="" disabled>{lists.isPending ? automationCopy.loadingLists : automationCopy.chooseList}</option>
        {options.map((list) => <option key={list.id} value={list.id}>{list.name}</option>)}
        {listId && !chosenIsListed && !lists.isPending ? <option value={listId}>{automationCopy.missingList}</option> : null}
      </FieldSelect>
    </FormField>
  );
}
