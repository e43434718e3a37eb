import type { FastifyRequest } from 'fastify';
import { badRequest, unprocessable } from './auth-error';
import { type AuthDeps, clientOf } from './auth-deps';
import { recordAudit } from './audit-log';
import { decodeBody, passwordWeakness } from './input-validation';
import { checkPassword } from './passwords';
import { type SessionBody, startSession } from './session-store';
import { findUserByEmail } from './user-store';

type PasswordGrantParams = { email: string; phone: string; password: string };

const INVALID_LOGIN = 'Invalid login credentials';

/**
 * POST /token?grant_type=password — GoTrue `ResourceOwnerPasswordGrant`. An unknown address, a user
 * without password and a wrong password get the same answer after the same bcrypt work; every failure
 * is recorded in the audit log.
 */
export async function passwordGrant(request: FastifyRequest, deps: AuthDeps): Promise<SessionBody> {
  const params = decodeBody<PasswordGrantParams>(request.body, 'PasswordGrantParams', {
    email: 'string',
    phone: 'string',
    password: 'string',
  });
  if (params.email && params.phone) {
    throw unprocessable('validation_failed', 'Only an email address or phone number should be provided on login.');
  }
  if (params.phone) throw unprocessable('phone_provider_disabled', 'Phone logins are disabled');
  if (!params.email) throw badRequest('validation_failed', 'missing email or phone');

  const client = clientOf(request);
  const email = params.email.toLowerCase();
  const password = params.password ?? '';
  // Guesses at one account from all addresses together, known address or not.
  await deps.limiter.takeSignIn(email, client.ip);
  const user = await findUserByEmail(deps.sql, email);

  const fail = async (reason: string, error = badRequest('invalid_credentials', INVALID_LOGIN)) => {
    await recordAudit(deps.sql, {
      actor: { id: user?.id ?? null, email: user?.email ?? email },
      action: 'login_failed',
      ip: client.ip,
      traits: { provider: 'email', reason },
    });
    return error;
  };

  if (user?.is_banned) {
    await checkPassword(password, undefined);
    throw await fail('user_banned', badRequest('user_banned', 'User is banned'));
  }
  const valid = await checkPassword(password, user?.encrypted_password);
  if (!user || !valid) throw await fail(user ? 'invalid_password' : 'unknown_email');
  if (!user.email_confirmed_at) {
    throw await fail('email_not_confirmed', badRequest('email_not_confirmed', 'Email not confirmed'));
  }

  await deps.limiter.resetSignIn(email);
  const session = await deps.sql.begin(async (tx) => {
    await recordAudit(tx, { actor: { id: user.id, email: user.email }, action: 'login', ip: client.ip, traits: { provider: 'email' } });
    return startSession(tx, deps.tokens, user, 'password', client);
  });
  const weakness = passwordWeakness(password, deps.config.passwordMinLength);
  if (weakness) session.weak_password = { message: weakness.message, reasons: weakness.reasons };
  return session;
}
