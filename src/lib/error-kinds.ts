import { loadFailureCopy } from '@/config/load-failure-copy';

/**
 * What kind of failure a supabase-js error is, for words a person can act on. Apart from `errors.ts`, which the
 * public pages load first: this and its copy load with the screens that show failures.
 */
function field(error: unknown, key: 'code' | 'message' | 'name'): string {
  if (!error || typeof error !== 'object' || !(key in error)) return '';
  const value = (error as Record<string, unknown>)[key];
  return typeof value === 'string' ? value : '';
}

/** The error's PostgreSQL / PostgREST code ('' when it has none). */
export function errorCode(error: unknown): string {
  return field(error, 'code');
}

/** The browser (or Node) could not reach the server at all. */
export function isUnreachable(error: unknown): boolean {
  const text = `${field(error, 'name')} ${field(error, 'message')}`;
  return /Failed to fetch|fetch failed|NetworkError|Load failed|AuthRetryableFetchError/i.test(text);
}

const NOT_ALLOWED_CODES = new Set(['42501', 'PGRST301', 'PGRST302']);

/** The server refused this session: row-level security or a missing grant (42501), an expired or ended token. */
export function isNotAllowed(error: unknown): boolean {
  return NOT_ALLOWED_CODES.has(errorCode(error));
}

export type LoadFailure = 'unreachable' | 'not-allowed' | 'server';

/** Why a list could not be loaded, in the three cases a person can act on differently. */
export function loadFailureOf(error: unknown): LoadFailure {
  if (isUnreachable(error)) return 'unreachable';
  if (isNotAllowed(error)) return 'not-allowed';
  return 'server';
}

/** The sentence a load-error panel shows for an error (the error itself goes to the console for developers). */
export function describeLoadFailure(error: unknown): string {
  return loadFailureCopy[loadFailureOf(error)];
}
