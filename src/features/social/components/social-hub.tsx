import { ListStatus } from '@/components/module/list-status';
import { socialCopy } from '@/config/social-copy';
import { workspaceCopy } from '@/config/team-copy';
import { ApprovalSetting } from '@/features/social/components/approval-setting';
import { AccountsCard } from '@/features/social/components/accounts-card';
import { ComposerCard } from '@/features/social/components/composer-card';
import { PostsCard } from '@/features/social/components/posts-card';
import { useWorkspace } from '@/lib/workspace';

/**
 * The Social Hub's working part (issue 30): the workspace's connected accounts, the composer and the posts with
 * their result per account. Everyone in the workspace reads; members, admins and owners connect and compose.
 */
export function SocialHub() {
  const { current, isLoading, canWrite, canManage } = useWorkspace();
  if (!current) return isLoading ? <ListStatus kind="loading" title={workspaceCopy.loading} /> : null;
  return (
    <div key={current.id} className="space-y-6">
      {canWrite ? null : <p className="rounded-md border bg-muted/50 p-3 text-sm">{socialCopy.readOnly}</p>}
      <ApprovalSetting workspaceId={current.id} canManage={canManage} />
      <AccountsCard workspaceId={current.id} canWrite={canWrite} />
      {canWrite ? <ComposerCard workspaceId={current.id} /> : null}
      <PostsCard workspaceId={current.id} canWrite={canWrite} canManage={canManage} />
    </div>
  );
}
