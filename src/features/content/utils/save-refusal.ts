import { contentCopy } from '@/config/content-copy';

/**
 * The words for a save the database refused because it would schedule publishing in the past (23514
 * `schedule_in_past`: the dialog checks first, so this is a clock that differs from the server's), or undefined.
 */
export function scheduleInPastDescription(error: unknown): string | undefined {
  const details = error && typeof error === 'object' && 'details' in error ? error.details : undefined;
  return details === 'schedule_in_past' ? contentCopy.errors.scheduleInPast : undefined;
}
