import type { FastifyReply, FastifyRequest } from 'fastify';
import { AuthError, badRequest, forbidden, unprocessable } from './auth-error';
import { type AuthDeps, clientOf } from './auth-deps';
import { recordAudit } from './audit-log';
import { authenticate } from './authenticate';
import { checkNewPassword, checkUserMetadata, decodeBody, validateEmail } from './input-validation';
import { checkResendFrequency, sendLinkEmail } from './link-emails';
import { createFlowState } from './flow-state';
import { clearLinkTokens, otpHash, redeemLinkToken } from './one-time-tokens';
import { checkPkceParams } from './pkce';
import { checkPassword, hashPassword } from './passwords';
import { endSessions } from './session-store';
import { redirectOf } from './signup-handler';
import { serializeUser } from './user-serializer';
import { completeEmailChange, findUserByEmail, findUserById } from './user-store';

type UserUpdateParams = {
  email: string;
  password: string;
  nonce: string;
  data: Record<string, unknown>;
  app_metadata: Record<string, unknown>;
  phone: string;
  channel: string;
  code_challenge: string;
  code_challenge_method: string;
};

/** GET /user — the signed-in user, fresh from the database. */
export function getUserHandler(deps: AuthDeps) {
  return async (request: FastifyRequest, reply: FastifyReply) => {
    const { user } = await authenticate(request, deps);
    return reply.send(serializeUser(user));
  };
}

const DAY_MS = 24 * 60 * 60 * 1000;

/**
 * PUT /user — GoTrue `UserUpdate`: password, e-mail (by confirmation link) and `data` (merged; a key set to
 * null is removed). Never `app_metadata` (403), never the role or the confirmation state: those fields are
 * not read at all. A new password ends the user's other sessions. With a verified second factor, the password and
 * the address change only from an aal2 session (so a recovery link alone cannot take over the account). A `nonce`
 * (the code of GET /reauthenticate) is checked whenever it is sent, and required for a password change from a
 * session over a day old when AUTH_SECURE_PASSWORD_CHANGE is on.
 */
export function updateUserHandler(deps: AuthDeps) {
  return async (request: FastifyRequest, reply: FastifyReply) => {
    const { user, sessionId, session } = await authenticate(request, deps);
    await deps.limiter.take('user_update', request.ip);
    const params = decodeBody<UserUpdateParams>(request.body, 'UserUpdateParams', {
      email: 'string',
      password: 'string',
      nonce: 'string',
      data: 'object',
      app_metadata: 'object',
      phone: 'string',
      channel: 'string',
      code_challenge: 'string',
      code_challenge_method: 'string',
    });
    const email = params.email ? validateEmail(params.email) : undefined;
    if (params.phone) throw unprocessable('phone_provider_disabled', 'Phone logins are disabled');
    if (params.password !== undefined) checkNewPassword(params.password, deps.config.passwordMinLength);
    if (params.app_metadata !== undefined) throw forbidden('not_admin', 'Updating app_metadata requires admin privileges');
    if (user.is_anonymous && params.password && !email) {
      throw unprocessable('validation_failed', 'Updating password of an anonymous user without an email or phone is not allowed');
    }

    const pkce = checkPkceParams(params);

    const changesEmail = email !== undefined && email !== user.email;
    const hasSecondFactor = (user.factors ?? []).some((factor) => factor.status === 'verified');
    if (hasSecondFactor && session?.aal !== 'aal2' && (Boolean(params.password) || changesEmail)) {
      throw new AuthError(401, 'insufficient_aal', 'AAL2 session is required to update email or password when MFA is enabled.');
    }
    if (params.password !== undefined && deps.config.securePasswordChange && !params.nonce) {
      if (!session || Date.now() - session.createdAt.getTime() > DAY_MS) {
        throw badRequest('reauthentication_needed', 'Password update requires reauthentication');
      }
    }
    if (changesEmail && (await findUserByEmail(deps.sql, email))) {
      throw unprocessable('email_exists', 'A user with this email address has already been registered');
    }
    let passwordHash: string | undefined;
    if (params.password !== undefined) {
      if (await checkPassword(params.password, user.encrypted_password)) {
        throw unprocessable('same_password', 'New password should be different from the old password.');
      }
      passwordHash = await hashPassword(params.password);
    }
    if (params.data) {
      const kept = { ...(user.raw_user_meta_data ?? {}), ...params.data };
      checkUserMetadata(Object.fromEntries(Object.entries(kept).filter(([, value]) => value !== null)));
    }
    // An anonymous user adding an address with AUTH_AUTOCONFIRM is signing up: converted at once (GoTrue's UserUpdate).
    const convertsNow = changesEmail && user.is_anonymous && deps.config.autoconfirm;
    if (changesEmail && !convertsNow) {
      checkResendFrequency(deps, user.email_change_sent_at);
      await deps.limiter.takeEmail({ kind: 'email_change', recipient: email, clientIp: clientOf(request).ip });
    }

    const client = clientOf(request);
    const actor = { id: user.id, email: user.email };
    await deps.sql.begin(async (tx) => {
      if (params.nonce) {
        const nonce = await redeemLinkToken(tx, [otpHash('reauthentication_token', user.email ?? '', params.nonce)], ['reauthentication_token']);
        if (!nonce || nonce === 'expired') throw unprocessable('reauthentication_not_valid', 'Nonce has expired or is invalid');
        await tx`update auth.users set reauthentication_token = '', reauthentication_sent_at = null where id = ${user.id}`;
      }
      if (passwordHash) {
        await tx`
          update auth.users
          set encrypted_password = ${passwordHash}, confirmation_token = '', confirmation_sent_at = null,
              recovery_token = '', recovery_sent_at = null, email_change_token_new = '', email_change_sent_at = null,
              updated_at = now()
          where id = ${user.id}`;
        await clearLinkTokens(tx, user.id);
        await endSessions(tx, user.id, 'others', sessionId);
        await recordAudit(tx, { actor, action: 'user_updated_password', ip: client.ip });
      }
      if (params.data) {
        const set = Object.fromEntries(Object.entries(params.data).filter(([, value]) => value !== null));
        const removed = Object.entries(params.data).filter(([, value]) => value === null).map(([key]) => key);
        await tx`
          update auth.users
          set raw_user_meta_data = (coalesce(raw_user_meta_data, '{}'::jsonb) - ${removed}::text[]) || ${tx.json(set as never)},
              updated_at = now()
          where id = ${user.id}`;
      }
      if (convertsNow) {
        await tx`update auth.users set email_change = ${email} where id = ${user.id}`;
        if (!(await completeEmailChange(tx, user.id))) {
          throw unprocessable('email_exists', 'A user with this email address has already been registered');
        }
      } else if (changesEmail) {
        await tx`update auth.users set email_change = ${email}, email_change_sent_at = now() where id = ${user.id}`;
        const redirectTo = redirectOf(request, deps.config);
        if (pkce) await createFlowState(tx, user.id, 'email_change', pkce);
        const change = { userId: user.id, email: user.email ?? '', newEmail: email, redirectTo, pkce: Boolean(pkce) };
        await sendLinkEmail(tx, deps, { ...change, kind: 'email_change_new', to: email });
        if (user.email) await sendLinkEmail(tx, deps, { ...change, kind: 'email_change_current', to: user.email });
      }
      await recordAudit(tx, { actor, action: 'user_modified', ip: client.ip });
    });
    return reply.send(serializeUser((await findUserById(deps.sql, user.id))!));
  };
}
