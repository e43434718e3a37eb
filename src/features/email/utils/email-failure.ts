/**
 * What a failed e-mail request says to the user: the database's own sentence when it wrote one for people (the
 * functions' P0001 errors, a 429), else a plain reason by kind.
 */
export function emailFailureDescription(error: unknown): string {
  if (!error || typeof error !== 'object') return 'Something went wrong. Please try again.';
  const { code, message, details } = error as { code?: string; message?: string; details?: string | null };
  if (code === 'P0001' || code === 'PT429') return message ?? 'Please try again.';
  if (code === '42501') return details === 'role_too_low' ? 'Your access role does not allow this: it needs member or higher.' : 'You are not allowed to do this in this workspace.';
  if (code === '23505') return 'That name is already used in this workspace.';
  if (code === '23514') return 'Some of the values are not accepted: check the fields.';
  if (message && /fetch|network/i.test(message)) return 'The server could not be reached. Check your connection and try again.';
  return 'Something went wrong. Please try again.';
}

/** Whether a confirmation link was refused as not valid or expired (the database said so), not merely unreachable. */
export function isInvalidConfirmationLink(error: unknown): boolean {
  return Boolean(error && typeof error === 'object' && (error as { details?: unknown }).details === 'invalid_token');
}
