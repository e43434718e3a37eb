import { teamCopy } from '@/config/team-copy';
import type { WorkspaceMember } from '@/lib/workspace-members';

/** How members are named and dated on the Team screen, the dashboard and the Executive Overview. */

/** "First Last", else the e-mail address. */
export function memberName(member: Pick<WorkspaceMember, 'firstName' | 'lastName' | 'email'>): string {
  return [member.firstName, member.lastName].filter(Boolean).join(' ') || member.email;
}

const DAY = 24 * 60 * 60 * 1000;

/** "Never", "Today", "Yesterday", "3 days ago" (under a week), else the date. */
export function lastActiveText(timestamp: string | null, now: Date, locale?: string): string {
  if (!timestamp) return teamCopy.never;
  const then = new Date(timestamp);
  const startOfToday = new Date(now.getFullYear(), now.getMonth(), now.getDate()).getTime();
  if (then.getTime() >= startOfToday) return teamCopy.today;
  const days = Math.ceil((startOfToday - then.getTime()) / DAY);
  if (days <= 1) return teamCopy.yesterday;
  if (days < 7) return teamCopy.daysAgo(days);
  return then.toLocaleDateString(locale);
}
