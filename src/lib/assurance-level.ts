/**
 * Authenticator assurance levels (aal) as supabase-js computes them (`getAuthenticatorAssuranceLevel`): a session is
 * aal1 after a password, a link or an e-mail code, aal2 once it also proved a second factor. An account with a
 * verified factor should reach aal2 before it is used: the sign-in asks for the code, and workspaces that require
 * two-factor refuse aal1 tokens in the database whatever the app does.
 */

interface FactorLike {
  factor_type?: string;
  status?: string;
}

export interface SessionLike {
  access_token: string;
  user: { factors?: readonly FactorLike[] | null };
}

/** The `aal` claim of an access token (no verification: the server verifies; this only steers the screens). */
export function tokenAal(accessToken: string): string | null {
  const payload = accessToken.split('.')[1];
  if (!payload) return null;
  try {
    // atob takes base64 without its padding (forgiving-base64).
    const json = atob(payload.replace(/-/g, '+').replace(/_/g, '/'));
    const aal = (JSON.parse(json) as { aal?: unknown }).aal;
    return typeof aal === 'string' ? aal : null;
  } catch {
    return null;
  }
}

export function hasVerifiedFactor(session: SessionLike): boolean {
  return (session.user.factors ?? []).some((factor) => factor.status === 'verified');
}

/** The session must still prove the account's second factor (it has one, and the token is not aal2). */
export function needsSecondFactor(session: SessionLike | null): boolean {
  if (!session || !hasVerifiedFactor(session)) return false;
  const aal = tokenAal(session.access_token);
  return aal !== 'aal2' && aal !== 'aal3';
}
