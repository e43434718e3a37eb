import { lazy, Suspense, useState } from 'react';
import { Link } from 'react-router';
import { ListStatus } from '@/components/module/list-status';
import { paths } from '@/config/paths';
import { socialCalendarCopy } from '@/config/social-calendar-copy';
import { socialCopy } from '@/config/social-copy';
import { workspaceCopy } from '@/config/team-copy';
import type { SocialAccount } from '@/lib/social-accounts';
import { ApprovalSetting } from '@/features/social/components/approval-setting';
import { AccountsCard } from '@/features/social/components/accounts-card';
import { ComposerCard } from '@/features/social/components/composer-card';
import { FiguresSlot } from '@/features/social/components/figures-slot';
import { PostsCard } from '@/features/social/components/posts-card';
import { ReconnectFromLink } from '@/features/social/components/reconnect-from-link';
import { ReconnectBanner } from '@/features/social/components/reconnect-banner';
import { useWorkspace } from '@/lib/workspace';

/** The reconnect dialog loads when opened (issue 33); the banner, the accounts and the queued posts all open it. */
const ReconnectDialog = lazy(() => import('@/features/social/components/reconnect-dialog').then((module) => ({ default: module.ReconnectDialog })));

/**
 * The Social Hub's working part (issue 30): accounts needing reconnecting first, the workspace's connected accounts,
 * the composer and the posts with their result per account. Everyone in the workspace reads; members, admins and
 * owners connect, reconnect and compose.
 */
export function SocialHub() {
  const { current, isLoading, canWrite, canManage } = useWorkspace();
  const [reconnecting, setReconnecting] = useState<SocialAccount | null>(null);
  if (!current) return isLoading ? <ListStatus kind="loading" title={workspaceCopy.loading} /> : null;
  return (
    <div key={current.id} className="space-y-6">
      {canWrite ? null : <p className="rounded-md border bg-muted/50 p-3 text-sm">{socialCopy.readOnly}</p>}
      <ReconnectFromLink workspaceId={current.id} canWrite={canWrite} onReconnect={setReconnecting} />
      <ReconnectBanner workspaceId={current.id} canWrite={canWrite} onReconnect={setReconnecting} />
      <ApprovalSetting workspaceId={current.id} canManage={canManage} />
      <AccountsCard workspaceId={current.id} canWrite={canWrite} onReconnect={setReconnecting} />
      {canWrite ? <ComposerCard workspaceId={current.id} /> : null}
      <p className="text-sm text-muted-foreground">
        {socialCalendarCopy.calendarNote}{' '}
        <Link to={paths.marketing.content} className="font-medium text-blue-700 underline underline-offset-2">{socialCalendarCopy.openCalendar}</Link>
      </p>
      <PostsCard workspaceId={current.id} canWrite={canWrite} canManage={canManage} onReconnect={setReconnecting} />
      <FiguresSlot workspaceId={current.id} />
      <Suspense fallback={null}>
        {reconnecting ? <ReconnectDialog key={reconnecting.id} account={reconnecting} onOpenChange={(open) => (open ? undefined : setReconnecting(null))} /> : null}
      </Suspense>
    </div>
  );
}
