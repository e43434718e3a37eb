import { useId, useState } from 'react';
import { Link } from 'react-router';
import { Button } from '@/components/ui/button';
import { Popover, PopoverContent, PopoverTrigger } from '@/components/ui/popover';
import { noticesCopy } from '@/config/notices-copy';
import { useNotices, type Notice } from '@/features/notices/api/get-notices';
import { useMarkNoticesRead } from '@/features/notices/api/mark-notices-read';
import { NoticesTrigger } from '@/features/notices/components/notices-trigger';
import { noticeLink } from '@/features/notices/utils/notice-link';
import { formatDateTime } from '@/lib/format';

interface NoticesPopoverProps {
  workspaceId: string;
  unread: number;
  defaultOpen?: boolean;
}

function NoticeItem({ notice, onFollow }: { notice: Notice; onFollow: () => void }) {
  const link = noticeLink(notice);
  return (
    <li className="space-y-1 border-b py-2 last:border-b-0">
      <p className="flex items-start justify-between gap-2 text-sm font-medium">
        <span className="break-words">{notice.title}</span>
        {notice.read_at ? null : <span className="shrink-0 rounded bg-primary/10 px-1.5 text-xs text-primary">{noticesCopy.unread}</span>}
      </p>
      {notice.body ? <p className="text-sm break-words text-muted-foreground">{notice.body}</p> : null}
      <p className="flex flex-wrap items-center justify-between gap-2 text-xs text-muted-foreground">
        <time dateTime={notice.created_at}>{formatDateTime(notice.created_at)}</time>
        {link ? (
          <Link to={link.to} onClick={onFollow} className="font-medium text-primary underline-offset-4 hover:underline">
            {link.label}
          </Link>
        ) : null}
      </p>
    </li>
  );
}

function NoticesList({ workspaceId, onFollow }: { workspaceId: string; onFollow: () => void }) {
  const notices = useNotices(workspaceId);
  const markRead = useMarkNoticesRead();
  if (notices.isPending) return <p className="py-4 text-sm text-muted-foreground" role="status">{noticesCopy.loading}</p>;
  if (notices.isError) {
    return (
      <div className="space-y-2 py-2" role="alert">
        <p className="text-sm">{noticesCopy.loadFailed}</p>
        <Button size="sm" variant="outline" onClick={() => void notices.refetch()}>
          {noticesCopy.retry}
        </Button>
      </div>
    );
  }
  if (notices.data.length === 0) return <p className="py-4 text-sm text-muted-foreground">{noticesCopy.empty}</p>;
  const unreadIds = notices.data.filter((notice) => !notice.read_at).map((notice) => notice.id);
  return (
    <>
      <ul className="max-h-96 overflow-y-auto">
        {notices.data.map((notice) => (
          <NoticeItem key={notice.id} notice={notice} onFollow={onFollow} />
        ))}
      </ul>
      {unreadIds.length > 0 ? (
        <Button size="sm" variant="outline" className="mt-2 w-full" disabled={markRead.isPending} onClick={() => markRead.mutate({ workspaceId, ids: unreadIds })}>
          {noticesCopy.markAllRead}
        </Button>
      ) : null}
    </>
  );
}

/** The notices panel: the latest notices, each with where to deal with it, and "Mark all as read". */
export function NoticesPopover({ workspaceId, unread, defaultOpen = false }: NoticesPopoverProps) {
  const [open, setOpen] = useState(defaultOpen);
  const titleId = useId();
  return (
    <Popover open={open} onOpenChange={setOpen}>
      <PopoverTrigger asChild>
        <NoticesTrigger unread={unread} />
      </PopoverTrigger>
      <PopoverContent className="w-80" aria-labelledby={titleId}>
        <h2 id={titleId} className="px-1 text-sm font-semibold">
          {noticesCopy.title}
        </h2>
        <div className="px-1">
          <NoticesList workspaceId={workspaceId} onFollow={() => setOpen(false)} />
        </div>
      </PopoverContent>
    </Popover>
  );
}
