import { MailOpen } from 'lucide-react';
import { useRef, useState } from 'react';
import { toast } from '@/lib/toast';
import { ConfirmDialog } from '@/components/confirm-dialog';
import { ListStatus } from '@/components/module/list-status';
import { Button } from '@/components/ui/button';
import { Card, CardContent, CardDescription, CardHeader } from '@/components/ui/card';
import { paths } from '@/config/paths';
import { teamCopy, workspaceCopy } from '@/config/team-copy';
import { useCreateInvitationLink } from '@/features/team/api/create-invitation-link';
import { useInvitations, type Invitation } from '@/features/team/api/get-invitations';
import { useResendInvitation } from '@/features/team/api/resend-invitation';
import { useRevokeInvitation } from '@/features/team/api/revoke-invitation';
import { InvitationItem } from '@/features/team/components/invitation-item';
import { invitationUrl } from '@/features/team/utils/copy-text';
import { copyText } from '@/lib/copy-text';

/** Open invitations (admins and owners): resend the e-mail, copy a new link, revoke after a confirmation. */
export function InvitationsCard() {
  const invitations = useInvitations();
  const resend = useResendInvitation();
  const newLink = useCreateInvitationLink();
  const revoke = useRevokeInvitation();
  const [revoking, setRevoking] = useState<Invitation | null>(null);
  const headingRef = useRef<HTMLHeadingElement>(null);
  const isBusy = resend.isPending || newLink.isPending || revoke.isPending;

  function handleNewLink(invitation: Invitation) {
    newLink.mutate(
      { id: invitation.id },
      {
        onSuccess: async (token) => {
          const link = invitationUrl(paths.invite(token));
          if (await copyText(link)) toast.success(teamCopy.newLinkCopied);
          else toast.info(teamCopy.copyFailed, { description: link });
        },
      },
    );
  }

  let body;
  if (invitations.isPending) body = <ListStatus kind="loading" title={teamCopy.invitationsLoading} />;
  else if (invitations.isError) {
    body = (
      <ListStatus kind="error" title={teamCopy.invitationsFailed}>
        <Button variant="outline" onClick={() => void invitations.refetch()} disabled={invitations.isFetching}>
          {workspaceCopy.retry}
        </Button>
      </ListStatus>
    );
  } else if (invitations.data.length === 0) {
    body = <ListStatus kind="empty" icon={MailOpen} title={teamCopy.invitationsEmpty} />;
  } else {
    body = (
      <ul className="space-y-3" aria-label={teamCopy.invitationsTitle}>
        {invitations.data.map((invitation) => (
          <InvitationItem
            key={invitation.id}
            invitation={invitation}
            isBusy={isBusy}
            onResend={() => resend.resend({ id: invitation.id, email: invitation.email })}
            onNewLink={() => handleNewLink(invitation)}
            onRevoke={() => setRevoking(invitation)}
          />
        ))}
      </ul>
    );
  }

  return (
    <Card>
      <CardHeader>
        <h2 ref={headingRef} tabIndex={-1} className="text-xl font-semibold tracking-tight focus:outline-none">
          {teamCopy.invitationsTitle}
        </h2>
        <CardDescription>{teamCopy.invitationsDescription}</CardDescription>
      </CardHeader>
      <CardContent>{body}</CardContent>
      <ConfirmDialog
        open={revoking !== null}
        onOpenChange={(open) => (open ? undefined : setRevoking(null))}
        title={teamCopy.revokeTitle(revoking?.email ?? '')}
        description={teamCopy.revokeDescription}
        confirmLabel={teamCopy.revokeConfirm}
        pendingLabel={teamCopy.revoking}
        cancelLabel={workspaceCopy.cancel}
        isPending={revoke.isPending}
        onConfirm={() => revoking && revoke.mutate({ id: revoking.id, email: revoking.email }, { onSettled: () => setRevoking(null) })}
        focusAfterConfirm={headingRef}
      />
    </Card>
  );
}
