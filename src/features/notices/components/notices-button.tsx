import { NoticesTrigger } from '@/features/notices/components/notices-trigger';
import { useUnreadNoticeCount } from '@/features/notices/api/get-unread-notice-count';
import { useLoadOnIntent } from '@/lib/use-load-on-intent';
import { useWorkspace } from '@/lib/workspace';

/** The panel's code (Radix popover, the list) loads on the first sign of intent, off every page's first load. */
const loadPanel = () => import('@/features/notices/components/notices-popover');

/**
 * The header's notifications: a bell with the member's unread count in the current workspace, opening the latest
 * notices (workflows' "notify a team member", a social account to reconnect, …).
 */
export function NoticesButton() {
  const { current } = useWorkspace();
  const { data: unread = 0 } = useUnreadNoticeCount(current?.id);
  const { loaded, clicked, intent } = useLoadOnIntent(loadPanel);
  if (!current) return null;
  if (loaded) return <loaded.NoticesPopover workspaceId={current.id} unread={unread} defaultOpen={clicked === 'notices'} />;
  return <NoticesTrigger unread={unread} {...intent('notices')} />;
}
