import { resultsCopy } from '@/config/results-copy';
import type { CampaignResultInput } from '@/features/campaigns/utils/results-csv';

/**
 * The first line of each day and platform seen so far in one import, across its batches ('2026-11-23|Google Ads' →
 * its file line). The database refuses the same day and platform twice within one call; across calls it would
 * silently keep the last, so the app names the repeats itself.
 */
export type SeenDays = Map<string, number>;

/**
 * One batch of an import without the lines that repeat a day and platform of an earlier line (in this batch or an
 * earlier one of the same import), each repeat named with the line it repeats. Adds the batch's first lines to `seen`.
 */
export function withoutRepeatedDays<Row extends Pick<CampaignResultInput, 'day' | 'platform'>>(
  rows: readonly Row[],
  lines: readonly number[],
  seen: SeenDays,
): { rows: Row[]; lines: number[]; repeated: { line: number; reason: string }[] } {
  const kept: { rows: Row[]; lines: number[] } = { rows: [], lines: [] };
  const repeated: { line: number; reason: string }[] = [];
  rows.forEach((row, index) => {
    const line = lines[index] ?? index + 1;
    const key = `${row.day}|${row.platform}`;
    const first = seen.get(key);
    if (first !== undefined) {
      repeated.push({ line, reason: resultsCopy.repeatedLine(first) });
      return;
    }
    seen.set(key, line);
    kept.rows.push(row);
    kept.lines.push(line);
  });
  return { ...kept, repeated };
}
