import { resultsCopy } from '@/config/results-copy';

/** A results import's failure in words: the database's stable reason, the refused lines it names, or its message. */
export function describeResultsError(error: unknown): string {
  const { code, details, message } = (error ?? {}) as { code?: string; details?: string; message?: string };
  if (code === '42501') return resultsCopy.errors.forbidden!;
  const known = details ? resultsCopy.errors[details] : undefined;
  if (known && message && (details === 'invalid_rows' || details === 'duplicate_rows')) return `${known}: ${message.replace(/^[^:]*:\s*/, '')}`;
  return known ?? message ?? String(error);
}
