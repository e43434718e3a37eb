import { randomUUID } from 'node:crypto';
import type { FastifyReply, FastifyRequest } from 'fastify';
import { encryptString } from '../../lib/encryption-keys';
import { forbidden, notFound, unprocessable, badRequest } from './auth-error';
import { type AuthDeps, clientOf } from './auth-deps';
import { recordAudit } from './audit-log';
import { type Authenticated, authenticate } from './authenticate';
import {
  deleteExpiredFactors,
  deleteFactor,
  type FactorRow,
  findOwnedFactor,
  insertTotpFactor,
  listFactors,
  MAX_ENROLLED_FACTORS,
} from './factor-store';
import { decodeBody } from './input-validation';
import { downgradeSessionsOfFactor } from './session-store';
import { newTotpKey, qrCodeSvg } from './totp';

const UUID = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i;

/** GoTrue's `requireAuthentication` + `requireNotAnonymous` for /factors: a user token of a live session. */
export async function authenticateForFactors(request: FastifyRequest, deps: AuthDeps): Promise<Authenticated & { sessionId: string }> {
  const auth = await authenticate(request, deps);
  if (auth.user.is_anonymous) throw forbidden('no_authorization', 'Anonymous user not allowed to perform these actions');
  if (!auth.sessionId || !auth.session) throw forbidden('session_not_found', 'A valid session is required to manage second factors');
  return auth as Authenticated & { sessionId: string };
}

/** GoTrue's `loadFactor`: the factor of the URL, when it is the user's. */
export async function ownedFactor(request: FastifyRequest, deps: AuthDeps, userId: string): Promise<FactorRow> {
  const factorId = (request.params as { factorId?: string }).factorId ?? '';
  if (!UUID.test(factorId)) throw notFound('validation_failed', 'factor_id must be an UUID');
  const factor = await findOwnedFactor(deps.sql, userId, factorId);
  if (!factor) throw notFound('mfa_factor_not_found', 'Factor not found');
  return factor;
}

type EnrollParams = { friendly_name: string; factor_type: string; issuer: string; phone: string };

/**
 * POST /factors — GoTrue `EnrollFactor` for TOTP: a new unverified factor, its secret (encrypted with the server's
 * key before it is stored, and shown only in this answer), the `otpauth://` URI and its QR code. Phone and WebAuthn
 * factors are not enrolled by this server. A user with a verified factor enrols another only from an aal2 session.
 */
export function enrollFactorHandler(deps: AuthDeps) {
  return async (request: FastifyRequest, reply: FastifyReply) => {
    const { user, session } = await authenticateForFactors(request, deps);
    const params = decodeBody<EnrollParams>(request.body, 'EnrollFactorParams', {
      friendly_name: 'string',
      factor_type: 'string',
      issuer: 'string',
      phone: 'string',
    });
    if (params.factor_type === 'phone') throw unprocessable('mfa_phone_enroll_not_enabled', 'MFA enroll is disabled for Phone');
    if (params.factor_type === 'webauthn') throw unprocessable('mfa_webauthn_enroll_not_enabled', 'MFA enroll is disabled for WebAuthn');
    if (params.factor_type !== 'totp') throw badRequest('validation_failed', 'factor_type needs to be totp, phone, or webauthn');
    const friendlyName = params.friendly_name ?? '';
    if (friendlyName.length > 100) throw badRequest('validation_failed', 'friendly_name must be at most 100 characters');
    const issuer = params.issuer || new URL(deps.config.siteUrl).host;

    const key = newTotpKey(issuer, user.email ?? user.id);
    const qrCode = await qrCodeSvg(key.uri);
    const id = randomUUID();
    await deps.sql.begin(async (tx) => {
      await deleteExpiredFactors(tx, user.id);
      const factors = await listFactors(tx, user.id);
      if (factors.some((factor) => (factor.friendly_name ?? '') === friendlyName)) {
        throw unprocessable('mfa_factor_name_conflict', `A factor with the friendly name ${JSON.stringify(friendlyName)} for this user already exists`);
      }
      if (factors.length >= MAX_ENROLLED_FACTORS) {
        throw unprocessable('too_many_enrolled_mfa_factors', 'Maximum number of verified factors reached, unenroll to continue');
      }
      if (factors.some((factor) => factor.status === 'verified') && session?.aal !== 'aal2') {
        throw forbidden('insufficient_aal', 'AAL2 required to enroll a new factor');
      }
      await insertTotpFactor(tx, { id, userId: user.id, friendlyName, secret: encryptString(id, key.secret, deps.encryption) });
      await recordAudit(tx, { actor: { id: user.id, email: user.email }, action: 'factor_in_progress', ip: clientOf(request).ip, traits: { factor_id: id } });
    });
    return reply.send({ id, type: 'totp', friendly_name: friendlyName, totp: { qr_code: qrCode, secret: key.secret, uri: key.uri } });
  };
}

/**
 * DELETE /factors/:factorId — GoTrue `UnenrollFactor`: a verified factor goes only from an aal2 session; the
 * sessions that stepped up with it fall back to aal1.
 */
export function unenrollFactorHandler(deps: AuthDeps) {
  return async (request: FastifyRequest, reply: FastifyReply) => {
    const { user, sessionId, session } = await authenticateForFactors(request, deps);
    const factor = await ownedFactor(request, deps, user.id);
    if (factor.status === 'verified' && session?.aal !== 'aal2') {
      throw unprocessable('insufficient_aal', 'AAL2 required to unenroll verified factor');
    }
    await deps.sql.begin(async (tx) => {
      await deleteFactor(tx, factor.id);
      await recordAudit(tx, {
        actor: { id: user.id, email: user.email },
        action: 'factor_unenrolled',
        ip: clientOf(request).ip,
        traits: { factor_id: factor.id, factor_status: factor.status, session_id: sessionId },
      });
      await downgradeSessionsOfFactor(tx, factor.id, 'totp');
    });
    return reply.send({ id: factor.id });
  };
}
