import { resultsCopy } from '@/config/results-copy';
import { accessLostDescription } from '@/lib/access-lost';

/**
 * A results import's failure in words: lost access to the workspace, the database's stable reason, the refused lines
 * it names, or its message.
 */
export function describeResultsError(error: unknown): string {
  const lost = accessLostDescription(error);
  if (lost) return lost;
  const { code, details, message } = (error ?? {}) as { code?: string; details?: string; message?: string };
  if (code === '42501') return resultsCopy.errors.forbidden!;
  const known = details ? resultsCopy.errors[details] : undefined;
  if (known && message && (details === 'invalid_rows' || details === 'duplicate_rows')) return `${known}: ${message.replace(/^[^:]*:\s*/, '')}`;
  return known ?? message ?? String(error);
}
