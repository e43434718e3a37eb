import { randomUUID } from 'node:crypto';
import type { FastifyReply, FastifyRequest } from 'fastify';
import { decryptString, encryptString } from '../../lib/encryption-keys';
import { badRequest, unprocessable } from './auth-error';
import { type AuthDeps, clientOf } from './auth-deps';
import { recordAudit } from './audit-log';
import { authenticateForFactors, ownedFactor } from './factor-handlers';
import { acceptCode, deleteChallenge, deleteUnverifiedFactors, findChallenge, findOwnedFactor, inetOrNull, insertChallenge, updateFactorSecret } from './factor-store';
import { decodeBody } from './input-validation';
import { type SessionBody, stepUpSession } from './session-store';
import { matchingStep } from './totp';

const UUID = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i;

/** POST /factors/:factorId/challenge — GoTrue `ChallengeFactor` (TOTP): a challenge for this address, five minutes. */
export function challengeFactorHandler(deps: AuthDeps) {
  return async (request: FastifyRequest, reply: FastifyReply) => {
    const { user } = await authenticateForFactors(request, deps);
    const factor = await ownedFactor(request, deps, user.id);
    await deps.limiter.take('factor_challenge', request.ip);
    if (factor.factor_type !== 'totp') throw unprocessable('mfa_totp_verify_not_enabled', 'MFA verification is disabled for this factor type');
    const id = randomUUID();
    const client = clientOf(request);
    const { expiresAt } = await deps.sql.begin(async (tx) => {
      const created = await insertChallenge(tx, { id, factorId: factor.id, ip: client.ip });
      await recordAudit(tx, {
        actor: { id: user.id, email: user.email },
        action: 'challenge_created',
        ip: client.ip,
        traits: { factor_id: factor.id, factor_status: factor.status },
      });
      return created;
    });
    return reply.send({ id, type: 'totp', expires_at: expiresAt });
  };
}

type Outcome = SessionBody | { refused: 'expired' | 'invalid' | 'replayed' };

const REFUSALS = {
  expired: (challengeId: string) =>
    unprocessable('mfa_challenge_expired', `MFA challenge ${challengeId} has expired, verify against another challenge or create a new challenge.`),
  invalid: () => unprocessable('mfa_verification_failed', 'Invalid TOTP code entered'),
  replayed: () => unprocessable('mfa_verification_failed', 'Invalid TOTP code entered: this code was already used, wait for the next one'),
};

/**
 * POST /factors/:factorId/verify — GoTrue `VerifyFactor` (TOTP): a right code for a live challenge of this address
 * verifies the factor (on enrolment) and steps the session up to aal2 with a new refresh token. Beyond GoTrue, a code
 * is accepted once: the factor keeps the time step of its last accepted code and refuses that step or an earlier one,
 * and codes tried against one factor are limited (rate-limit-rules.ts), whoever tries them.
 */
export function verifyFactorHandler(deps: AuthDeps) {
  return async (request: FastifyRequest, reply: FastifyReply) => {
    const { user, sessionId } = await authenticateForFactors(request, deps);
    const factor = await ownedFactor(request, deps, user.id);
    await deps.limiter.take('factor_verify', request.ip);
    const params = decodeBody<{ challenge_id: string; code: string }>(request.body, 'VerifyFactorParams', {
      challenge_id: 'string',
      code: 'string',
    });
    if (!params.code) throw badRequest('validation_failed', 'Code needs to be non-empty');
    const challengeId = params.challenge_id ?? '';
    if (!UUID.test(challengeId)) throw badRequest('validation_failed', 'challenge_id must be an UUID');
    if (factor.factor_type !== 'totp') throw unprocessable('mfa_totp_verify_not_enabled', 'MFA verification is disabled for this factor type');
    await deps.limiter.takeFactorAttempt(factor.id);

    const client = clientOf(request);
    const outcome = await deps.sql.begin(async (tx): Promise<Outcome> => {
      const locked = await findOwnedFactor(tx, user.id, factor.id, true);
      const challenge = locked && (await findChallenge(tx, factor.id, challengeId));
      if (!locked || !challenge) throw unprocessable('mfa_factor_not_found', 'MFA factor with the provided challenge ID not found');
      if (challenge.verified || challenge.ip !== inetOrNull(client.ip)) {
        throw unprocessable('mfa_ip_address_mismatch', 'Challenge and verify IP addresses mismatch.');
      }
      if (challenge.expired) {
        await deleteChallenge(tx, challenge.id);
        return { refused: 'expired' };
      }
      const { plaintext, shouldReEncrypt } = decryptString(factor.id, locked.secret ?? '', deps.encryption);
      const secret = shouldReEncrypt ? encryptString(factor.id, plaintext, deps.encryption) : locked.secret!;
      const step = matchingStep(plaintext, params.code!);
      await recordAudit(tx, {
        actor: { id: user.id, email: user.email },
        action: 'verification_attempted',
        ip: client.ip,
        traits: { factor_id: factor.id, challenge_id: challenge.id, factor_type: 'totp', result: step === null ? 'invalid' : 'accepted' },
      });
      if (step === null || (locked.last_totp_step !== null && step <= Number(locked.last_totp_step))) {
        if (shouldReEncrypt) await updateFactorSecret(tx, factor.id, secret);
        return { refused: step === null ? 'invalid' : 'replayed' };
      }
      await acceptCode(tx, { factorId: factor.id, challengeId: challenge.id, step, secret });
      await deleteUnverifiedFactors(tx, user.id, 'totp');
      return stepUpSession(tx, deps.tokens, { userId: user.id, sessionId, factorId: factor.id, method: 'totp' });
    });
    if ('refused' in outcome) throw outcome.refused === 'expired' ? REFUSALS.expired(challengeId) : REFUSALS[outcome.refused]();
    await deps.limiter.resetFactorAttempts(factor.id);
    return reply.send(outcome);
  };
}
