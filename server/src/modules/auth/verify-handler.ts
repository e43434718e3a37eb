import type { TransactionSql } from 'postgres';
import type { FastifyReply, FastifyRequest } from 'fastify';
import { AuthError, badRequest, forbidden, unprocessable } from './auth-error';
import { type AuthDeps, clientOf } from './auth-deps';
import { recordAudit } from './audit-log';
import { decodeBody, isVerifyType, tokenTypesFor, validateEmail, validatePhone, type VerifyType } from './input-validation';
import { type FlowMethod, issueAuthCode } from './flow-state';
import { otpHash, redeemLinkToken, type TokenType } from './one-time-tokens';
import { type FlowType, PKCE_PREFIX } from './pkce';
import { hashToken } from './refresh-token-chain';
import { redirectOf } from './signup-handler';
import { type SessionBody, startSession } from './session-store';
import { completeEmailChange, confirmUser, findUserById, markEmailIdentityVerified } from './user-store';
import { errorRedirect, messageRedirect, pkceRedirect, sessionRedirect } from './verify-redirect';

type Db = TransactionSql;

const SINGLE_CONFIRMATION = 'Confirmation link accepted. Please proceed to confirm link sent to the other email';

type Redeem = { hashes: string[]; invalid: () => AuthError };

/** The flow method a link type continues (GoTrue's `ParseAuthenticationMethod` of the type). */
const FLOW_METHOD: Partial<Record<VerifyType, FlowMethod>> = {
  signup: 'email/signup',
  invite: 'invite',
  magiclink: 'magiclink',
  recovery: 'recovery',
  email_change: 'email_change',
};

/**
 * Redeems a link or code and applies it (GoTrue `verifyGet`/`verifyPost`): confirms the address, accepts a
 * recovery or an e-mail change, then starts a session — or, for the link of a PKCE flow, issues the flow's auth
 * code instead. `message` is the first half of a secure e-mail change.
 */
async function redeem(
  deps: AuthDeps,
  request: FastifyRequest,
  type: VerifyType,
  how: Redeem,
  flow: FlowType = 'implicit',
): Promise<SessionBody | { message: string } | { code: string }> {
  const client = clientOf(request);
  return deps.sql.begin(async (tx: Db) => {
    const types = tokenTypesFor(type) as TokenType[];
    const redeemed = await redeemLinkToken(tx, how.hashes, types);
    if (redeemed === undefined || redeemed === 'expired') throw how.invalid();
    const user = await findUserById(tx, redeemed.userId);
    if (!user) throw how.invalid();
    if (user.is_banned) throw forbidden('user_banned', 'User is banned');
    const actor = { id: user.id, email: user.email };

    if (redeemed.type === 'confirmation_token') {
      await recordAudit(tx, { actor, action: 'user_signedup', ip: client.ip });
      await confirmUser(tx, user.id);
      await markEmailIdentityVerified(tx, user.id);
    } else if (redeemed.type === 'recovery_token') {
      await tx`update auth.users set recovery_token = '', updated_at = now() where id = ${user.id}`;
      if (!user.email_confirmed_at) {
        await recordAudit(tx, { actor, action: 'user_signedup', ip: client.ip });
        await confirmUser(tx, user.id);
        await markEmailIdentityVerified(tx, user.id);
      } else {
        await recordAudit(tx, { actor, action: 'login', ip: client.ip });
      }
    } else {
      // E-mail change: with confirmations on, both the current and the new address must confirm.
      const [otherHalf] = await tx`
        select 1 from auth.one_time_tokens
        where user_id = ${user.id} and token_type in ${tx(['email_change_token_new', 'email_change_token_current'])}
          and expires_at > now()`;
      if (otherHalf && !deps.config.autoconfirm) return { message: SINGLE_CONFIRMATION };
      await tx`delete from auth.one_time_tokens where user_id = ${user.id} and token_type like 'email_change%'`;
      if (!(await completeEmailChange(tx, user.id))) {
        throw unprocessable('email_exists', 'A user with this email address has already been registered');
      }
      await recordAudit(tx, { actor, action: 'user_modified', ip: client.ip });
    }
    if (flow === 'pkce') {
      const method = FLOW_METHOD[type];
      const code = method ? await issueAuthCode(tx, user.id, method, deps.config.emailLinkExpiry) : undefined;
      if (!code) throw badRequest('flow_state_not_found', 'No associated flow state found. No valid flow state found for user.');
      return { code };
    }
    return startSession(tx, deps.tokens, user, 'otp', client);
  });
}

function query(request: FastifyRequest): Record<string, unknown> {
  return request.query as Record<string, unknown>;
}

/** GET /verify — the e-mail link: 303 to the redirect with the session, a message or the error in the hash. */
export function verifyLinkHandler(deps: AuthDeps) {
  return async (request: FastifyRequest, reply: FastifyReply) => {
    await deps.limiter.take('verify', request.ip);
    const type = typeof query(request).type === 'string' ? (query(request).type as string) : '';
    const token = typeof query(request).token === 'string' ? (query(request).token as string) : '';
    const redirectTo = redirectOf(request, deps.config);
    if (!type) throw badRequest('validation_failed', 'Verify requires a verification type');
    if (!token) throw badRequest('validation_failed', 'Verify requires a token or a token hash');

    const flow: FlowType = token.startsWith(PKCE_PREFIX) ? 'pkce' : 'implicit';
    let target: string;
    try {
      if (!isVerifyType(type)) throw badRequest('validation_failed', 'Invalid email verification type');
      const result = await redeem(
        deps,
        request,
        type,
        { hashes: [hashToken(token)], invalid: () => forbidden('otp_expired', 'Email link is invalid or has expired') },
        flow,
      );
      if ('message' in result) target = messageRedirect(redirectTo, result.message);
      else if ('code' in result) target = pkceRedirect(redirectTo, result.code);
      else target = sessionRedirect(redirectTo, result, type);
    } catch (error) {
      if (!(error instanceof AuthError)) throw error;
      request.log.info({ code: error.code }, 'e-mail link refused');
      target = errorRedirect(redirectTo, error, flow);
    }
    return reply.redirect(target, 303);
  };
}

type VerifyParams = { type: string; token: string; token_hash: string; email: string; phone: string; redirect_to: string };

/** POST /verify — `verifyOtp`: a token hash, or an e-mail address with its 6-digit code; 200 session. */
export function verifyOtpHandler(deps: AuthDeps) {
  return async (request: FastifyRequest, reply: FastifyReply) => {
    await deps.limiter.take('verify', request.ip);
    const params = decodeBody<VerifyParams>(request.body, 'VerifyParams', {
      type: 'string',
      token: 'string',
      token_hash: 'string',
      email: 'string',
      phone: 'string',
      redirect_to: 'string',
    });
    if (!params.type) throw badRequest('validation_failed', 'Verify requires a verification type');
    if (Boolean(params.token) === Boolean(params.token_hash)) {
      throw badRequest('validation_failed', 'Verify requires either a token or a token hash');
    }
    let how: Redeem;
    let type: VerifyType;
    if (params.token) {
      if (params.phone && !params.email) {
        // GoTrue looks the phone number up: no account has one here, so every phone code is refused as wrong.
        validatePhone(params.phone);
        throw forbidden('otp_expired', 'Token has expired or is invalid');
      }
      if (params.phone || !params.email) {
        throw badRequest('validation_failed', 'Only an email address or phone number should be provided on verify');
      }
      let email: string;
      try {
        email = validateEmail(params.email);
      } catch {
        throw unprocessable('validation_failed', 'Invalid email format');
      }
      if (!isVerifyType(params.type)) throw badRequest('validation_failed', 'Unsupported verification type');
      type = params.type;
      how = {
        hashes: tokenTypesFor(type).map((tokenType) => otpHash(tokenType, email, params.token!)),
        invalid: () => forbidden('otp_expired', 'Token has expired or is invalid'),
      };
    } else {
      if (params.email || params.phone || params.redirect_to) {
        throw badRequest('validation_failed', 'Only the token_hash and type should be provided');
      }
      if (!isVerifyType(params.type)) throw badRequest('validation_failed', 'Invalid email verification type');
      type = params.type;
      how = {
        hashes: [hashToken(params.token_hash!)],
        invalid: () => forbidden('otp_expired', 'Email link is invalid or has expired'),
      };
    }
    const result = await redeem(deps, request, type, how);
    if ('message' in result) return reply.send({ msg: result.message, code: '200' });
    if ('code' in result) throw new Error('a code verification never issues an auth code');
    return reply.send(result);
  };
}
