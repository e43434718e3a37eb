import { useState, type FormEvent } from 'react';
import { useNavigate } from 'react-router';
import { ConfirmDialog } from '@/components/confirm-dialog';
import { lazyDialog } from '@/components/lazy-dialog';
import { Button } from '@/components/ui/button';
import { Card, CardContent, CardHeader } from '@/components/ui/card';
import { FormField } from '@/components/ui/form-field';
import { Input } from '@/components/ui/input';
import { Separator } from '@/components/ui/separator';
import { paths } from '@/config/paths';
import { teamCopy, workspaceCopy, workspaceErrorMessages } from '@/config/team-copy';
import { useLeaveWorkspace } from '@/features/team/api/leave-workspace';
import { useRenameWorkspace } from '@/features/team/api/rename-workspace';
import { WorkspaceTimeZoneSetting } from '@/features/team/components/workspace-time-zone-setting';
import { WorkspaceTwoFactorSetting } from '@/features/team/components/workspace-two-factor-setting';
import { checkWorkspaceName } from '@/lib/workspace-name';
import type { Workspace } from '@/lib/workspace-choice';

const DeleteWorkspaceDialog = lazyDialog(() => import('@/features/team/components/delete-workspace-dialog').then((module) => module.DeleteWorkspaceDialog));

interface WorkspaceSettingsCardProps {
  workspace: Workspace;
  canManage: boolean;
  /** The only owner cannot leave (the database refuses it too). */
  isLastOwner: boolean;
}

/**
 * Rename and set the time zone (admins and owners), require two-factor authentication (owners), leave (anyone but the last owner), delete
 * (owners, typing the name).
 */
export function WorkspaceSettingsCard({ workspace, canManage, isLastOwner }: WorkspaceSettingsCardProps) {
  const navigate = useNavigate();
  const rename = useRenameWorkspace();
  const leave = useLeaveWorkspace();
  const [name, setName] = useState(workspace.name);
  const [nameError, setNameError] = useState<string | undefined>();
  const [isLeaving, setIsLeaving] = useState(false);
  const [isDeleting, setIsDeleting] = useState(false);

  function handleRename(event: FormEvent) {
    event.preventDefault();
    if (rename.isPending) return;
    const checked = checkWorkspaceName(name);
    setNameError(checked.error);
    if (checked.name === undefined || checked.name === workspace.name) return;
    rename.mutate({ workspaceId: workspace.id, name: checked.name }, { onSuccess: () => setName(checked.name) });
  }

  const toDashboard = () => void navigate(paths.dashboard);
  return (
    <Card>
      <CardHeader>
        <h2 className="text-xl font-semibold tracking-tight">{teamCopy.settingsTitle}</h2>
      </CardHeader>
      <CardContent className="space-y-6">
        {canManage ? (
          <form onSubmit={handleRename} noValidate className="flex flex-col gap-2 sm:flex-row sm:items-end" aria-label={teamCopy.rename}>
            <FormField label={teamCopy.renameLabel} error={nameError} className="flex-1">
              <Input value={name} onChange={(event) => setName(event.target.value)} maxLength={200} autoComplete="organization" />
            </FormField>
            <Button type="submit" variant="outline" disabled={rename.isPending} aria-busy={rename.isPending || undefined}>
              {rename.isPending ? teamCopy.renaming : teamCopy.rename}
            </Button>
          </form>
        ) : null}
        <WorkspaceTimeZoneSetting key={`${workspace.id}:${workspace.timeZone}`} workspace={workspace} canManage={canManage} />
        <WorkspaceTwoFactorSetting workspace={workspace} />
        <div className="space-y-2">
          <Button variant="outline" onClick={() => setIsLeaving(true)} disabled={isLastOwner}>
            {teamCopy.leave}
          </Button>
          {isLastOwner ? <p className="text-sm text-muted-foreground">{workspaceErrorMessages.last_owner}</p> : null}
        </div>
        {workspace.accessRole === 'owner' ? (
          <>
            <Separator />
            <section aria-labelledby="delete-workspace-title" className="space-y-2">
              <h3 id="delete-workspace-title" className="font-semibold text-destructive">
                {teamCopy.deleteTitle}
              </h3>
              <p className="text-sm text-muted-foreground">{teamCopy.deleteDescription}</p>
              <Button variant="destructive" onClick={() => setIsDeleting(true)}>
                {teamCopy.delete}
              </Button>
            </section>
          </>
        ) : null}
      </CardContent>
      <ConfirmDialog
        open={isLeaving}
        onOpenChange={setIsLeaving}
        title={teamCopy.leaveTitle(workspace.name)}
        description={teamCopy.leaveDescription}
        confirmLabel={teamCopy.leaveConfirm}
        pendingLabel={teamCopy.leaving}
        cancelLabel={workspaceCopy.cancel}
        isPending={leave.isPending}
        onConfirm={() => leave.mutate({ workspaceId: workspace.id, name: workspace.name }, { onSuccess: toDashboard, onSettled: () => setIsLeaving(false) })}
      />
      <DeleteWorkspaceDialog workspace={workspace} open={isDeleting} onOpenChange={setIsDeleting} onDeleted={toDashboard} />
    </Card>
  );
}
