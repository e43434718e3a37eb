import { adminFailureCopy } from '@/config/admin-copy';
import { NoRowChangedError } from './data-layer';

const REFUSED_VALUE_CODES = new Set(['23502', '23514', '22001', '22P02']);
const UNIQUE_VIOLATION = '23505';
const NOT_ALLOWED_CODES = new Set(['42501', 'PGRST301', 'PGRST302']);

function field(error: unknown, key: 'code' | 'message' | 'name'): string {
  if (!error || typeof error !== 'object' || !(key in error)) return '';
  const value = (error as Record<string, unknown>)[key];
  return typeof value === 'string' ? value : '';
}

/** What the toast of a failed admin change says under its title, from the error supabase-js gave. */
export function adminFailureDescription(error: unknown): string {
  if (error instanceof NoRowChangedError) return adminFailureCopy.notAllowed;
  const code = field(error, 'code');
  if (NOT_ALLOWED_CODES.has(code)) return adminFailureCopy.notAllowed;
  if (code === UNIQUE_VIOLATION) return adminFailureCopy.duplicate;
  if (REFUSED_VALUE_CODES.has(code)) return adminFailureCopy.refused;
  const text = `${field(error, 'name')} ${field(error, 'message')}`;
  if (/Failed to fetch|fetch failed|NetworkError|Load failed|AuthRetryableFetchError/i.test(text)) return adminFailureCopy.unreachable;
  return adminFailureCopy.retry;
}
