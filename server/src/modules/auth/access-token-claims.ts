import { sortKeysDeep } from './user-serializer';

/** One entry of the `amr` claim: how and when the session was authenticated. */
export interface AmrEntry {
  method: string;
  timestamp: number;
}

/** Methods that are a second factor (GoTrue's `AMRClaim.IsAAL2Claim`). */
const SECOND_FACTORS = new Set(['totp', 'mfa/totp', 'mfa/phone', 'mfa/webauthn']);

/** GoTrue's `CalculateAALAndAMR`: aal2 once the session has a second factor among its methods, else aal1. */
export function aalOf(amr: AmrEntry[]): 'aal1' | 'aal2' {
  return amr.some((entry) => SECOND_FACTORS.has(entry.method)) ? 'aal2' : 'aal1';
}

export interface ClaimsInput {
  issuer: string;
  user: {
    id: string;
    aud: string;
    role: string;
    email: string | null;
    phone: string | null;
    app_metadata: Record<string, unknown> | null;
    user_metadata: Record<string, unknown> | null;
    is_anonymous: boolean;
  };
  sessionId: string;
  aal: string;
  amr: AmrEntry[];
  /** Epoch seconds. */
  issuedAt: number;
  expiresIn: number;
}

/**
 * GoTrue's `AccessTokenClaims`, in the order it serializes them: registered claims (iss, sub, aud as a
 * string, exp, iat), then email, phone, app_metadata, user_metadata, role, aal, amr, session_id, is_anonymous.
 */
export function buildAccessTokenClaims(input: ClaimsInput): Record<string, unknown> {
  const claims: Record<string, unknown> = {
    iss: input.issuer,
    sub: input.user.id,
    aud: input.user.aud,
    exp: input.issuedAt + input.expiresIn,
    iat: input.issuedAt,
    email: input.user.email ?? '',
    phone: input.user.phone ?? '',
    app_metadata: sortKeysDeep(input.user.app_metadata ?? {}),
    user_metadata: sortKeysDeep(input.user.user_metadata ?? {}),
    role: input.user.role,
    aal: input.aal,
  };
  if (input.amr.length > 0) claims.amr = input.amr.map((entry) => ({ method: entry.method, timestamp: entry.timestamp }));
  claims.session_id = input.sessionId;
  claims.is_anonymous = input.user.is_anonymous;
  return claims;
}
