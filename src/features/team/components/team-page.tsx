import { UserPlus, Users } from 'lucide-react';
import { useState } from 'react';
import { lazyDialog } from '@/components/lazy-dialog';
import { BackToDashboardLink } from '@/components/layouts/back-to-dashboard-link';
import { ListStatus } from '@/components/module/list-status';
import { Button } from '@/components/ui/button';
import { site } from '@/config/site';
import { teamCopy, workspaceCopy } from '@/config/team-copy';
import { InvitationsCard } from '@/features/team/components/invitations-card';
import { MembersCard } from '@/features/team/components/members-card';
import { WebhooksLinkCard } from '@/features/team/components/webhooks-link-card';
import { WorkspaceSettingsCard } from '@/features/team/components/workspace-settings-card';
import { isLastOwner } from '@/features/team/utils/team-rules';
import { useAuth } from '@/lib/auth';
import { useWorkspace } from '@/lib/workspace';
import { useWorkspaceMembers } from '@/lib/workspace-members';

const InviteDialog = lazyDialog(() => import('@/features/team/components/invite-dialog').then((module) => module.InviteDialog));

/**
 * /team: the current workspace's members, its open invitations (admins and owners) and its settings. Everyone in
 * the workspace sees the members; those below admin see them read-only.
 */
export function TeamPage() {
  const { userId } = useAuth();
  const { current, isLoading, canManage } = useWorkspace();
  const members = useWorkspaceMembers();
  const [isInviting, setIsInviting] = useState(false);

  if (!current) {
    return (
      <main className="container mx-auto px-4 py-8">
        <title>{`${teamCopy.title} | ${site.platformName}`}</title>
        <h1 className="sr-only">{teamCopy.title}</h1>
        {isLoading ? <ListStatus kind="loading" title={workspaceCopy.loading} /> : <ListStatus kind="empty" icon={Users} title={workspaceCopy.noWorkspaceTitle} description={workspaceCopy.noWorkspaceDescription} />}
      </main>
    );
  }

  return (
    <main className="container mx-auto space-y-6 px-4 py-8">
      <title>{`${teamCopy.title} · ${current.name} | ${site.platformName}`}</title>
      <BackToDashboardLink />
      <div className="flex flex-wrap items-start justify-between gap-4">
        <div className="min-w-0">
          <h1 className="text-3xl font-bold tracking-tight">{teamCopy.title}</h1>
          <p className="text-muted-foreground break-words">{teamCopy.subtitle(current.name)}</p>
        </div>
        {canManage ? (
          <Button onClick={() => setIsInviting(true)}>
            <UserPlus aria-hidden="true" />
            {teamCopy.invite}
          </Button>
        ) : null}
      </div>
      {canManage ? null : <p className="rounded-md border bg-muted/50 p-3 text-sm">{teamCopy.readOnly}</p>}
      <MembersCard workspace={current} />
      {canManage ? <InvitationsCard /> : null}
      <WebhooksLinkCard />
      <WorkspaceSettingsCard
        key={`${current.id}:${current.name}`}
        workspace={current}
        canManage={canManage}
        isLastOwner={userId !== null && isLastOwner(members.data ?? [], userId)}
      />
      {canManage ? <InviteDialog workspaceId={current.id} callerRole={current.accessRole} open={isInviting} onOpenChange={setIsInviting} /> : null}
    </main>
  );
}
