import { Bell } from 'lucide-react';
import { forwardRef, type ComponentProps } from 'react';
import { Button } from '@/components/ui/button';
import { noticesCopy } from '@/config/notices-copy';

export interface NoticesTriggerProps extends ComponentProps<typeof Button> {
  unread: number;
}

/** The bell with the unread count: the same look before and after the panel's code has loaded. */
export const NoticesTrigger = forwardRef<HTMLButtonElement, NoticesTriggerProps>(function NoticesTrigger({ unread, ...props }, ref) {
  const label = unread > 0 ? noticesCopy.buttonWithUnread(unread) : noticesCopy.button;
  return (
    <Button ref={ref} variant="ghost" size="icon" className="relative shrink-0" aria-label={label} title={label} {...props}>
      <Bell aria-hidden="true" />
      {unread > 0 ? (
        <span aria-hidden="true" className="absolute -top-0.5 -right-0.5 min-w-4 rounded-full bg-primary px-1 text-[10px] leading-4 font-semibold text-primary-foreground">
          {unread > 99 ? '99+' : unread}
        </span>
      ) : null}
    </Button>
  );
});
