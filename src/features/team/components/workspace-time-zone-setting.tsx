import { useId, useState, type FormEvent } from 'react';
import { Button } from '@/components/ui/button';
import { FormField } from '@/components/ui/form-field';
import { Input } from '@/components/ui/input';
import { timeZoneCopy as copy } from '@/config/team-copy';
import { useSetWorkspaceTimeZone } from '@/features/team/api/set-workspace-time-zone';
import { browserTimeZone, timeZoneChoices } from '@/lib/time-zones';
import { workspaceErrorReason } from '@/lib/workspace-choice';
import type { Workspace } from '@/lib/workspace-choice';

/**
 * The workspace's time zone: admins and owners choose it (any IANA name the database knows; the list suggests the
 * browser's), everyone else reads it. A refused zone is said by the field and stays typed.
 */
export function WorkspaceTimeZoneSetting({ workspace, canManage }: { workspace: Workspace; canManage: boolean }) {
  const listId = useId();
  const change = useSetWorkspaceTimeZone();
  const [zone, setZone] = useState(workspace.timeZone);
  const [error, setError] = useState<string | undefined>();
  // The ~400 suggestions join the page when the field is first focused, not with every render of the Team screen.
  const [suggesting, setSuggesting] = useState(false);
  const browser = browserTimeZone();

  if (!canManage) {
    return (
      <div className="space-y-1">
        <h3 className="font-medium">{copy.label}</h3>
        <p className="text-sm text-muted-foreground">{copy.readOnly(workspace.timeZone)}</p>
      </div>
    );
  }

  function save(event: FormEvent) {
    event.preventDefault();
    if (change.isPending) return;
    const chosen = zone.trim();
    if (!chosen) {
      setError(copy.missing);
      return;
    }
    setError(undefined);
    change.mutate(
      { workspaceId: workspace.id, timeZone: chosen },
      { onError: (failure) => setError(workspaceErrorReason(failure) === 'time_zone_unknown' ? failure.message : undefined) },
    );
  }

  return (
    <form onSubmit={save} noValidate className="space-y-2" aria-label={copy.label}>
      <div className="flex flex-col gap-2 sm:flex-row sm:items-end">
        <FormField label={copy.label} hint={copy.description} error={error} className="flex-1">
          <Input value={zone} list={listId} maxLength={64} autoComplete="off" spellCheck={false}
            onFocus={() => setSuggesting(true)} onChange={(event) => setZone(event.target.value)} />
        </FormField>
        <Button type="submit" variant="outline" disabled={change.isPending} aria-busy={change.isPending || undefined}>
          {change.isPending ? copy.saving : copy.save}
        </Button>
      </div>
      {suggesting ? (
        <datalist id={listId}>
          {timeZoneChoices().map((name) => <option key={name} value={name} />)}
        </datalist>
      ) : null}
      {browser !== zone ? (
        <Button type="button" variant="link" className="h-auto p-0" onClick={() => setZone(browser)}>
          {copy.useBrowser(browser)}
        </Button>
      ) : null}
    </form>
  );
}
