import { adminFailureCopy } from '@/config/admin-copy';
import { errorCode, isNotAllowed, isUnreachable } from '@/lib/error-kinds';
import { NoRowChangedError } from './data-layer';

const REFUSED_VALUE_CODES = new Set(['23502', '23514', '22001', '22P02']);
const UNIQUE_VIOLATION = '23505';

/** What the toast of a failed admin change says under its title, from the error supabase-js gave. */
export function adminFailureDescription(error: unknown): string {
  if (error instanceof NoRowChangedError) return adminFailureCopy.notAllowed;
  const code = errorCode(error);
  if (isNotAllowed(error)) return adminFailureCopy.notAllowed;
  if (code === UNIQUE_VIOLATION) return adminFailureCopy.duplicate;
  if (REFUSED_VALUE_CODES.has(code)) return adminFailureCopy.refused;
  if (isUnreachable(error)) return adminFailureCopy.unreachable;
  return adminFailureCopy.retry;
}
