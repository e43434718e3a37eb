import { Link2, MailPlus, X } from 'lucide-react';
import { Badge } from '@/components/ui/badge';
import { Button } from '@/components/ui/button';
import { accessRoleLabel } from '@/config/access-roles';
import { teamCopy } from '@/config/team-copy';
import type { Invitation } from '@/features/team/api/get-invitations';
import { isExpired } from '@/features/team/utils/team-rules';
import { formatDate } from '@/lib/format';

interface InvitationItemProps {
  invitation: Invitation;
  isBusy: boolean;
  onResend(): void;
  onNewLink(): void;
  onRevoke(): void;
}

/** An open invitation: address, role, expiry (or Expired), and resend, new link, revoke. */
export function InvitationItem({ invitation, isBusy, onResend, onNewLink, onRevoke }: InvitationItemProps) {
  const expired = isExpired(invitation.expires_at, new Date());
  const { invitationColumns: columns } = teamCopy;
  return (
    <li className="flex flex-col gap-3 rounded-lg border p-4 sm:flex-row sm:items-center">
      <div className="min-w-0 flex-1">
        <p className="font-medium break-all">{invitation.email}</p>
        <p className="text-sm text-muted-foreground">
          <span className="sr-only">{columns.accessRole}: </span>
          {accessRoleLabel(invitation.role)}
          {' · '}
          {expired ? (
            <Badge variant="yellow">{teamCopy.expired}</Badge>
          ) : (
            <>
              {columns.expires} <time dateTime={invitation.expires_at}>{formatDate(invitation.expires_at)}</time>
            </>
          )}
        </p>
      </div>
      <div className="flex gap-1">
        <Button variant="ghost" size="icon" aria-label={teamCopy.resend(invitation.email)} title={teamCopy.resend(invitation.email)} onClick={onResend} disabled={isBusy}>
          <MailPlus aria-hidden="true" />
        </Button>
        <Button variant="ghost" size="icon" aria-label={teamCopy.newLink(invitation.email)} title={teamCopy.newLink(invitation.email)} onClick={onNewLink} disabled={isBusy}>
          <Link2 aria-hidden="true" />
        </Button>
        <Button variant="ghost" size="icon" aria-label={teamCopy.revoke(invitation.email)} title={teamCopy.revoke(invitation.email)} onClick={onRevoke} disabled={isBusy}>
          <X aria-hidden="true" />
        </Button>
      </div>
    </li>
  );
}
