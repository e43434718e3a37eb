import { seoCopy } from '@/config/seo-copy';
import type { KeywordWindow } from '@/features/seo/api/get-keywords';

const DAY = 86_400_000;
const shift = (day: string, days: number) => new Date(Date.parse(`${day}T00:00:00Z`) + days * DAY).toISOString().slice(0, 10);

/** The keyword list's window: the last 28 days with data, compared with the 28 days before; null without data. */
export function keywordWindow(lastDay: string | null | undefined): KeywordWindow | null {
  if (!lastDay) return null;
  const from = shift(lastDay, -27);
  return { from, to: lastDay, previousFrom: shift(from, -28), previousTo: shift(from, -1) };
}

/** A position's move between two periods, in words (a lower position is better). */
export function positionChange(current: number | null, previous: number | null): { text: string; tone: 'up' | 'down' | 'none' | 'new' } {
  const copy = seoCopy.keywords;
  if (current === null) return { text: '—', tone: 'none' };
  if (previous === null) return { text: copy.newKeyword, tone: 'new' };
  const places = Math.round((previous - current) * 10) / 10;
  if (places === 0) return { text: copy.noChange, tone: 'none' };
  return places > 0 ? { text: copy.positionUp(places.toFixed(1)), tone: 'up' } : { text: copy.positionDown(Math.abs(places).toFixed(1)), tone: 'down' };
}
