import { securityErrorMessages } from '@/config/security-copy';

/** An auth or workspace error in the user's words: by its code (auth) or reason (`details`), else its own message. */
export function securityErrorMessage(error: unknown, fallback = 'Please try again.'): string {
  if (!error || typeof error !== 'object') return fallback;
  const { code, details, message } = error as { code?: unknown; details?: unknown; message?: unknown };
  for (const key of [details, code]) {
    if (typeof key === 'string' && Object.hasOwn(securityErrorMessages, key)) return securityErrorMessages[key]!;
  }
  return typeof message === 'string' && message.trim() !== '' ? message : fallback;
}
