import { useState, type FormEvent } from 'react';
import { OptionSelect } from '@/components/option-select';
import { Button } from '@/components/ui/button';
import { Dialog, DialogContent, DialogDescription, DialogFooter, DialogHeader, DialogTitle } from '@/components/ui/dialog';
import { FormField } from '@/components/ui/form-field';
import { Input } from '@/components/ui/input';
import { accessRoleLabel, accessRoles, type AccessRole } from '@/config/access-roles';
import { paths } from '@/config/paths';
import { teamCopy, workspaceCopy } from '@/config/team-copy';
import { useInviteToWorkspace } from '@/features/team/api/invite-to-workspace';
import { InvitationLinkField } from '@/features/team/components/invitation-link-field';
import { invitationUrl } from '@/features/team/utils/copy-text';
import { inviteRoleChoices } from '@/features/team/utils/team-rules';

interface InviteDialogProps {
  workspaceId: string;
  callerRole: AccessRole;
  open: boolean;
  onOpenChange(open: boolean): void;
}

const isEmail = (value: string) => /^[^\s@,;:<>()"\\]+@[^\s@,;:<>()"\\]+\.[^\s@,;:<>()"\\]+$/.test(value);

/** Invite by e-mail with an access role; then the link to copy, and whether it was e-mailed. */
export function InviteDialog({ workspaceId, callerRole, open, onOpenChange }: InviteDialogProps) {
  const [email, setEmail] = useState('');
  const [role, setRole] = useState<AccessRole>('member');
  const [error, setError] = useState<string | undefined>();
  const [result, setResult] = useState<{ link: string; email: string; emailQueued: boolean } | null>(null);
  const invite = useInviteToWorkspace();

  function reset() {
    setEmail('');
    setRole('member');
    setError(undefined);
    setResult(null);
  }

  function handleSubmit(event: FormEvent) {
    event.preventDefault();
    if (invite.isPending) return;
    const address = email.trim();
    const problem = address === '' ? teamCopy.emailRequired : isEmail(address) ? undefined : teamCopy.emailInvalid;
    setError(problem);
    if (problem) return;
    invite.mutate(
      { workspaceId, email: address, accessRole: role },
      { onSuccess: (created) => setResult({ link: invitationUrl(paths.invite(created.token)), email: created.email, emailQueued: created.emailQueued }) },
    );
  }

  return (
    <Dialog
      open={open}
      onOpenChange={(next) => {
        if (invite.isPending) return;
        if (!next) reset();
        onOpenChange(next);
      }}
    >
      <DialogContent>
        <DialogHeader>
          <DialogTitle>{result ? teamCopy.invitedTitle : teamCopy.inviteTitle}</DialogTitle>
          <DialogDescription>
            {result ? (result.emailQueued ? teamCopy.invitedEmailed(result.email) : teamCopy.invitedNotEmailed(result.email)) : teamCopy.inviteDescription}
          </DialogDescription>
        </DialogHeader>
        {result ? (
          <div className="space-y-4">
            <InvitationLinkField link={result.link} />
            <DialogFooter className="gap-2">
              <Button type="button" variant="outline" onClick={reset}>
                {teamCopy.inviteAnother}
              </Button>
              <Button type="button" onClick={() => (reset(), onOpenChange(false))}>
                {teamCopy.done}
              </Button>
            </DialogFooter>
          </div>
        ) : (
          <form onSubmit={handleSubmit} noValidate className="space-y-4" aria-label={teamCopy.inviteTitle}>
            <FormField label={teamCopy.emailLabel} error={error}>
              <Input type="email" value={email} onChange={(event) => setEmail(event.target.value)} autoComplete="off" maxLength={254} />
            </FormField>
            <FormField label={teamCopy.accessRoleLabel} hint={accessRoles.find((entry) => entry.value === role)?.description}>
              <OptionSelect<AccessRole> value={role} options={inviteRoleChoices(callerRole).map((choice) => ({ value: choice, label: accessRoleLabel(choice) }))} onChange={setRole} />
            </FormField>
            <DialogFooter className="gap-2">
              <Button type="button" variant="outline" onClick={() => onOpenChange(false)} disabled={invite.isPending}>
                {workspaceCopy.cancel}
              </Button>
              <Button type="submit" disabled={invite.isPending} aria-busy={invite.isPending || undefined}>
                {invite.isPending ? teamCopy.sending : teamCopy.sendInvite}
              </Button>
            </DialogFooter>
          </form>
        )}
      </DialogContent>
    </Dialog>
  );
}
