import { addDays } from '@/lib/periods';
import { momentAt, wallClockOf } from '@/lib/zoned-time';

/** One of an account's posting slots: an ISO weekday (1 Monday … 7 Sunday) and a time ('HH:MM' or 'HH:MM:SS') in the workspace's zone. */
export interface PostingSlot {
  weekday: number;
  local_time: string;
}

/** How far ahead a free slot is looked for. */
export const SLOT_SEARCH_DAYS = 92;

const minuteOf = (moment: number) => Math.floor(moment / 60_000);

/**
 * The first slot after `now` that no scheduled post of the account takes (a post at the same minute takes it), as an
 * ISO timestamp; null when the account has no slots, or every slot of the next SLOT_SEARCH_DAYS is taken. Each slot
 * means its wall-clock time in `timeZone` on its weekday, whatever the offset that day (DST: see momentAt).
 */
export function nextFreeSlot(slots: readonly PostingSlot[], taken: readonly string[], now: Date, timeZone: string): string | null {
  if (slots.length === 0) return null;
  const takenMinutes = new Set(taken.map((moment) => minuteOf(Date.parse(moment))));
  const sorted = [...slots].sort((a, b) => a.local_time.localeCompare(b.local_time));
  const today = wallClockOf(now, timeZone).day;
  for (let offset = 0; offset <= SLOT_SEARCH_DAYS; offset++) {
    const day = addDays(today, offset);
    const weekday = ((new Date(`${day}T12:00:00Z`).getUTCDay() + 6) % 7) + 1;
    for (const slot of sorted) {
      if (slot.weekday !== weekday) continue;
      const moment = momentAt(day, slot.local_time, timeZone).getTime();
      if (moment > now.getTime() && !takenMinutes.has(minuteOf(moment))) return new Date(moment).toISOString();
    }
  }
  return null;
}

/** The moments an account's scheduled posts take: those of posts not yet sent that have a channel on the account. */
export function takenMoments(posts: readonly { scheduled_at: string | null; social_post_channels: readonly { account_id: string; status: string }[] }[], accountId: string): string[] {
  return posts
    .filter((post) => post.scheduled_at !== null && post.social_post_channels.some((channel) => channel.account_id === accountId && channel.status !== 'draft'))
    .map((post) => post.scheduled_at!);
}
