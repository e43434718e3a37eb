import { isIP } from 'node:net';
import type { Db } from './auth-db';

/** Second factors and their challenges (`auth.mfa_factors`, `auth.mfa_challenges`, GoTrue's tables). */

/** GoTrue's MFA defaults: factors per user, challenge lifetime, how long an unverified factor is kept. */
export const MAX_ENROLLED_FACTORS = 10;
export const CHALLENGE_EXPIRY_SECONDS = 300;
const UNVERIFIED_FACTOR_EXPIRY_SECONDS = 300;

export interface FactorRow {
  id: string;
  user_id: string;
  friendly_name: string | null;
  factor_type: string;
  status: 'verified' | 'unverified';
  /** Encrypted (lib/encryption-keys.ts). */
  secret: string | null;
  /** bigint as text; null before the first accepted code. */
  last_totp_step: string | null;
}

const FACTOR_COLUMNS = 'id, user_id, friendly_name, factor_type::text, status::text, secret, last_totp_step::text';

/** The `inet` column takes only an address (a forwarded header may carry anything). */
export const inetOrNull = (ip: string): string | null => (isIP(ip) ? ip : null);

/** GoTrue's `DeleteExpiredFactors` for this user: unverified factors never challenged, older than five minutes. */
export async function deleteExpiredFactors(db: Db, userId: string): Promise<void> {
  await db`
    delete from auth.mfa_factors f
    where f.user_id = ${userId} and f.status::text <> 'verified'
      and not exists (select 1 from auth.mfa_challenges c where c.factor_id = f.id)
      and f.created_at + make_interval(secs => ${UNVERIFIED_FACTOR_EXPIRY_SECONDS}) < now()`;
}

export async function listFactors(db: Db, userId: string): Promise<FactorRow[]> {
  return db<FactorRow[]>`select ${db.unsafe(FACTOR_COLUMNS)} from auth.mfa_factors where user_id = ${userId} order by created_at`;
}

export async function insertTotpFactor(db: Db, input: { id: string; userId: string; friendlyName: string; secret: string }): Promise<void> {
  await db`
    insert into auth.mfa_factors (id, user_id, friendly_name, factor_type, status, created_at, updated_at, secret)
    values (${input.id}, ${input.userId}, ${input.friendlyName}, 'totp', 'unverified', now(), now(), ${input.secret})`;
}

/** The user's factor `factorId`; `lock` holds it for the transaction (verifications of one factor queue up). */
export async function findOwnedFactor(db: Db, userId: string, factorId: string, lock = false): Promise<FactorRow | undefined> {
  const [row] = lock
    ? await db<FactorRow[]>`select ${db.unsafe(FACTOR_COLUMNS)} from auth.mfa_factors where id = ${factorId} and user_id = ${userId} for update`
    : await db<FactorRow[]>`select ${db.unsafe(FACTOR_COLUMNS)} from auth.mfa_factors where id = ${factorId} and user_id = ${userId}`;
  return row;
}

export async function insertChallenge(db: Db, input: { id: string; factorId: string; ip: string }): Promise<{ expiresAt: number }> {
  const [row] = await db<{ expires_at: string }[]>`
    insert into auth.mfa_challenges (id, factor_id, created_at, ip_address)
    values (${input.id}, ${input.factorId}, now(), ${inetOrNull(input.ip)})
    returning floor(extract(epoch from created_at))::bigint + ${CHALLENGE_EXPIRY_SECONDS} as expires_at`;
  await db`update auth.mfa_factors set last_challenged_at = now() where id = ${input.factorId}`;
  return { expiresAt: Number(row!.expires_at) };
}

export interface ChallengeRow {
  id: string;
  verified: boolean;
  /** The address the challenge was created from (null when it was not an IP address). */
  ip: string | null;
  expired: boolean;
}

export async function findChallenge(db: Db, factorId: string, challengeId: string): Promise<ChallengeRow | undefined> {
  const [row] = await db<ChallengeRow[]>`
    select id, verified_at is not null as verified, host(ip_address) as ip,
      created_at + make_interval(secs => ${CHALLENGE_EXPIRY_SECONDS}) < now() as expired
    from auth.mfa_challenges where id = ${challengeId} and factor_id = ${factorId}`;
  return row;
}

export async function deleteChallenge(db: Db, challengeId: string): Promise<void> {
  await db`delete from auth.mfa_challenges where id = ${challengeId}`;
}

/** A right code: the challenge is used, the factor verified, its secret (re-encrypted) and accepted step kept. */
export async function acceptCode(db: Db, input: { factorId: string; challengeId: string; step: number; secret: string }): Promise<void> {
  await db`update auth.mfa_challenges set verified_at = now() where id = ${input.challengeId}`;
  await db`
    update auth.mfa_factors
    set status = 'verified', last_totp_step = ${input.step}, secret = ${input.secret}, updated_at = now()
    where id = ${input.factorId}`;
}

export async function updateFactorSecret(db: Db, factorId: string, secret: string): Promise<void> {
  await db`update auth.mfa_factors set secret = ${secret} where id = ${factorId}`;
}

/** GoTrue's `DeleteUnverifiedFactors` once one is verified. */
export async function deleteUnverifiedFactors(db: Db, userId: string, factorType: string): Promise<void> {
  await db`delete from auth.mfa_factors where user_id = ${userId} and status::text = 'unverified' and factor_type::text = ${factorType}`;
}

export async function deleteFactor(db: Db, factorId: string): Promise<void> {
  await db`delete from auth.mfa_factors where id = ${factorId}`;
}
