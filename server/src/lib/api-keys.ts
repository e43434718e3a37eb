import { signJwt } from './jwt';

export interface ApiKeys {
  /** Public: injected into the page, sent by the browser as `apikey`. */
  anonKey: string;
  /** Secret: never sent to a browser. */
  serviceRoleKey: string;
}

// Fixed issue and expiry times: the keys are a pure function of the secret, stable across restarts.
const ISSUED_AT = 1_767_225_600; // 2026-01-01
const EXPIRES_AT = 4_102_444_800; // 2100-01-01

/** Supabase-style legacy API keys: long-lived HS256 JWTs signed with the JWT secret. */
export async function deriveApiKeys(jwtSecret: string): Promise<ApiKeys> {
  const [anonKey, serviceRoleKey] = await Promise.all(
    (['anon', 'service_role'] as const).map((role) =>
      signJwt({ iss: 'supabase', ref: 'local', role, iat: ISSUED_AT, exp: EXPIRES_AT }, jwtSecret),
    ),
  );
  return { anonKey: anonKey!, serviceRoleKey: serviceRoleKey! };
}
