import { UserMinus } from 'lucide-react';
import { DeferredOptionSelect } from '@/components/deferred-option-select';
import { Badge } from '@/components/ui/badge';
import { Button } from '@/components/ui/button';
import { accessRoleLabel, type AccessRole } from '@/config/access-roles';
import { roleLabel } from '@/config/roles';
import { teamCopy } from '@/config/team-copy';
import { lastActiveText, memberName } from '@/lib/member-display';
import type { WorkspaceMember } from '@/lib/workspace-members';

interface MemberItemProps {
  member: WorkspaceMember;
  isSelf: boolean;
  /** The roles the caller may give this member (none or one: the role is shown, not offered). */
  roleChoices: readonly AccessRole[];
  canRemove: boolean;
  onChangeRole(role: AccessRole): void;
  onRemove(): void;
}

/** One member: name, e-mail, marketing role, last active, access role (a select where it may change) and Remove. */
export function MemberItem({ member, isSelf, roleChoices, canRemove, onChangeRole, onRemove }: MemberItemProps) {
  const name = memberName(member);
  const { columns } = teamCopy;
  return (
    <li className="flex flex-col gap-3 rounded-lg border p-4 md:flex-row md:items-center">
      <div className="min-w-0 flex-1">
        <p className="font-medium break-words">
          {name} {isSelf ? <span className="text-sm font-normal text-muted-foreground">{teamCopy.you}</span> : null}
        </p>
        <p className="text-sm text-muted-foreground break-all">
          <span className="sr-only">{columns.email}: </span>
          {member.email}
        </p>
      </div>
      <dl className="grid grid-cols-2 gap-x-4 gap-y-1 text-sm md:w-80">
        <div>
          <dt className="text-xs text-muted-foreground">{columns.marketingRole}</dt>
          <dd>{roleLabel(member.marketingRole)}</dd>
        </div>
        <div>
          <dt className="text-xs text-muted-foreground">{columns.lastActive}</dt>
          <dd>{member.lastActive ? <time dateTime={member.lastActive}>{lastActiveText(member.lastActive, new Date())}</time> : lastActiveText(null, new Date())}</dd>
        </div>
      </dl>
      <div className="flex items-center gap-2 md:w-48 md:justify-end">
        {roleChoices.length > 1 ? (
          <DeferredOptionSelect<AccessRole>
            className="w-36"
            aria-label={teamCopy.changeRoleLabel(name)}
            value={member.accessRole}
            options={roleChoices.map((role) => ({ value: role, label: accessRoleLabel(role) }))}
            onChange={onChangeRole}
          />
        ) : (
          <Badge variant={member.accessRole === 'owner' ? 'default' : 'secondary'}>
            <span className="sr-only">{columns.accessRole}: </span>
            {accessRoleLabel(member.accessRole)}
          </Badge>
        )}
        {canRemove ? (
          <Button variant="ghost" size="icon" aria-label={teamCopy.remove(name)} title={teamCopy.remove(name)} onClick={onRemove}>
            <UserMinus aria-hidden="true" />
          </Button>
        ) : null}
      </div>
    </li>
  );
}
