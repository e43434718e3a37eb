import { useRef, useState } from 'react';
import { ConfirmDialog } from '@/components/confirm-dialog';
import { ListStatus } from '@/components/module/list-status';
import { Button } from '@/components/ui/button';
import { Card, CardContent, CardDescription, CardHeader } from '@/components/ui/card';
import { accessRoleLabel, accessRoles, type AccessRole } from '@/config/access-roles';
import { teamCopy, workspaceCopy } from '@/config/team-copy';
import { useChangeMemberRole } from '@/features/team/api/change-member-role';
import { useRemoveMember } from '@/features/team/api/remove-member';
import { MemberItem } from '@/features/team/components/member-item';
import { canRemove, roleChoices } from '@/features/team/utils/team-rules';
import { memberName } from '@/lib/member-display';
import { useAuth } from '@/lib/auth';
import type { Workspace } from '@/lib/workspace-choice';
import { useWorkspaceMembers, type WorkspaceMember } from '@/lib/workspace-members';

type Pending = { kind: 'role'; member: WorkspaceMember; role: AccessRole } | { kind: 'remove'; member: WorkspaceMember } | null;

/** The workspace's members; role changes and removal, each after a confirmation, for those allowed. */
export function MembersCard({ workspace }: { workspace: Workspace }) {
  const { userId } = useAuth();
  const members = useWorkspaceMembers();
  const changeRole = useChangeMemberRole();
  const remove = useRemoveMember();
  const [pending, setPending] = useState<Pending>(null);
  const headingRef = useRef<HTMLHeadingElement>(null);
  const caller = workspace.accessRole;

  function handleConfirm() {
    if (!pending) return;
    const name = memberName(pending.member);
    const done = { onSettled: () => setPending(null) };
    if (pending.kind === 'role') changeRole.mutate({ workspaceId: workspace.id, userId: pending.member.userId, name, accessRole: pending.role }, done);
    else remove.mutate({ workspaceId: workspace.id, userId: pending.member.userId, name }, done);
  }

  let body;
  if (members.isPending) body = <ListStatus kind="loading" title={teamCopy.membersLoading} />;
  else if (members.isError) {
    body = (
      <ListStatus kind="error" title={teamCopy.membersFailed}>
        <Button variant="outline" onClick={() => void members.refetch()} disabled={members.isFetching}>
          {workspaceCopy.retry}
        </Button>
      </ListStatus>
    );
  } else {
    body = (
      <ul className="space-y-3" aria-label={teamCopy.membersTitle}>
        {members.data.map((member) => {
          const isSelf = member.userId === userId;
          return (
            <MemberItem
              key={member.userId}
              member={member}
              isSelf={isSelf}
              roleChoices={roleChoices(caller, member.accessRole, isSelf)}
              canRemove={canRemove(caller, member.accessRole, isSelf)}
              onChangeRole={(role) => (role === member.accessRole ? undefined : setPending({ kind: 'role', member, role }))}
              onRemove={() => setPending({ kind: 'remove', member })}
            />
          );
        })}
      </ul>
    );
  }

  const name = pending ? memberName(pending.member) : '';
  const roleName = pending?.kind === 'role' ? accessRoleLabel(pending.role).toLowerCase() : '';
  return (
    <Card>
      <CardHeader>
        <h2 ref={headingRef} tabIndex={-1} className="text-xl font-semibold tracking-tight focus:outline-none">
          {teamCopy.membersTitle}
        </h2>
        <CardDescription>{teamCopy.membersDescription}</CardDescription>
      </CardHeader>
      <CardContent>{body}</CardContent>
      <ConfirmDialog
        open={pending !== null}
        onOpenChange={(open) => (open ? undefined : setPending(null))}
        title={pending?.kind === 'role' ? teamCopy.roleTitle(name, roleName) : teamCopy.removeTitle(name)}
        description={pending?.kind === 'role' ? accessRoles.find((role) => role.value === pending.role)?.description : teamCopy.removeDescription}
        confirmLabel={pending?.kind === 'role' ? teamCopy.roleConfirm : teamCopy.removeConfirm}
        pendingLabel={pending?.kind === 'role' ? teamCopy.roleChanging : teamCopy.removing}
        cancelLabel={workspaceCopy.cancel}
        confirmVariant={pending?.kind === 'role' ? 'default' : 'destructive'}
        isPending={changeRole.isPending || remove.isPending}
        onConfirm={handleConfirm}
        focusAfterConfirm={pending?.kind === 'remove' ? headingRef : undefined}
      />
    </Card>
  );
}
