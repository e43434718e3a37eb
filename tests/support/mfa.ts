import type { SupabaseClient } from '@supabase/supabase-js';
import { Secret, TOTP } from 'otpauth';
import type { Database } from '../../src/types/database';

/**
 * A TOTP code as an authenticator app shows it. `stepOffset` -1 is the code of the previous 30-second step, +1 of the
 * next: the server accepts one step either way and each step only once, so a test verifies up to three times in a
 * row (-1, 0, +1) without waiting for the clock.
 */
export function totpCode(secret: string, stepOffset = 0): string {
  return new TOTP({ secret: Secret.fromBase32(secret) }).generate({ timestamp: Date.now() + stepOffset * 30_000 });
}

/**
 * Waits for the next 30-second step when less than `marginMs` is left of this one. A code of the previous step (-1) is
 * accepted only until this step ends, and a test that expects two codes of one step to meet (a replay) needs them in
 * the same step: near a step's end, the request's round trip could cross it (CI, stop 40: "Invalid TOTP code entered"
 * for a code of step -1 verified just after the step changed).
 */
export async function awayFromStepEnd(marginMs = 5_000): Promise<void> {
  const left = 30_000 - (Date.now() % 30_000);
  if (left < marginMs) await new Promise((resolve) => setTimeout(resolve, left + 50));
}

export interface EnrolledFactor {
  factorId: string;
  secret: string;
  uri: string;
  qrCode: string;
}

/** Enrols a TOTP factor through supabase-js (unverified until a code is verified). */
export async function enrollTotp(client: SupabaseClient<Database>, friendlyName = 'Authenticator app'): Promise<EnrolledFactor> {
  const { data, error } = await client.auth.mfa.enroll({ factorType: 'totp', friendlyName });
  if (error || !data) throw new Error(`enrolment failed: ${error?.message}`);
  return { factorId: data.id, secret: data.totp.secret, uri: data.totp.uri, qrCode: data.totp.qr_code };
}

/** Enrols and verifies a factor (the client's session becomes aal2); uses the code of `stepOffset`. */
export async function enableTwoFactor(client: SupabaseClient<Database>, stepOffset = -1): Promise<EnrolledFactor> {
  const factor = await enrollTotp(client);
  await awayFromStepEnd();
  const { error } = await client.auth.mfa.challengeAndVerify({ factorId: factor.factorId, code: totpCode(factor.secret, stepOffset) });
  if (error) throw new Error(`verification failed: ${error.message}`);
  return factor;
}
