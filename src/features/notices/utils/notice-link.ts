import { noticesCopy } from '@/config/notices-copy';
import { paths } from '@/config/paths';

export interface NoticeLink {
  to: string;
  label: string;
}

/** Where a notice leads, by its kind: the page where its cause is dealt with; none for a kind without one. */
export function noticeLink(notice: { kind: string; contact_id: string | null }): NoticeLink | null {
  switch (notice.kind) {
    case 'social_reconnect':
      return { to: paths.marketing.social, label: noticesCopy.links.social_reconnect };
    case 'automation':
      return notice.contact_id ? { to: paths.marketing.automation, label: noticesCopy.links.automation } : null;
    default:
      return null;
  }
}
