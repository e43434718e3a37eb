import { randomUUID } from 'node:crypto';
import type { FastifyReply, FastifyRequest } from 'fastify';
import { isConnectionFailure } from '../../db/availability';
import { signUpAnonymously } from './anonymous-signup';
import { AuthError, badRequest, internalError, unprocessable } from './auth-error';
import { type AuthDeps, clientOf } from './auth-deps';
import { recordAudit } from './audit-log';
import { checkNewPassword, checkUserMetadata, decodeBody, validateEmail } from './input-validation';
import { createFlowState } from './flow-state';
import { sendLinkEmail } from './link-emails';
import { checkPkceParams } from './pkce';
import { hashPassword } from './passwords';
import { type RedirectPolicy, resolveRedirectTo } from './redirect-url';
import { startSession } from './session-store';
import { fakeSignupUser, serializeUser } from './user-serializer';
import { confirmUser, createUser, findUserByEmail, findUserById } from './user-store';

type SignupParams = {
  email: string;
  phone: string;
  password: string;
  data: Record<string, unknown>;
  code_challenge: string;
  code_challenge_method: string;
};

function queryValue(request: FastifyRequest, name: string): string | undefined {
  const value = (request.query as Record<string, unknown>)[name];
  return typeof value === 'string' ? value : undefined;
}

export function redirectOf(request: FastifyRequest, policy: RedirectPolicy): string {
  const referer = request.headers.referer;
  return resolveRedirectTo(policy, queryValue(request, 'redirect_to'), typeof referer === 'string' ? referer : undefined);
}

/** The sign-up trigger (or any database failure while creating the user) surfaces as GoTrue's 500. */
function savingFailed(error: unknown): never {
  if (error instanceof AuthError || isConnectionFailure(error)) throw error;
  if ((error as { code?: string }).code === '23505') throw unprocessable('user_already_exists', 'User already registered');
  throw Object.assign(internalError('Database error saving new user'), { cause: error });
}

/**
 * POST /signup — GoTrue `Signup`: a session with AUTH_AUTOCONFIRM, else the user and a confirmation e-mail; with
 * neither e-mail nor phone, an anonymous sign-in (anonymous-signup.ts).
 */
export function signupHandler(deps: AuthDeps) {
  return async (request: FastifyRequest, reply: FastifyReply) => {
    const params = decodeBody<SignupParams>(request.body, 'SignupParams', {
      email: 'string',
      phone: 'string',
      password: 'string',
      data: 'object',
      code_challenge: 'string',
      code_challenge_method: 'string',
    });
    if (!params.email && !params.phone) return signUpAnonymously(deps, request, reply, params.data);
    await deps.limiter.take('signup', request.ip);

    if (!params.password) throw badRequest('validation_failed', 'Signup requires a valid password');
    checkNewPassword(params.password, deps.config.passwordMinLength);
    if (params.email && params.phone) {
      throw badRequest('validation_failed', 'Only an email address or phone number should be provided on signup.');
    }
    const pkce = checkPkceParams(params);
    if (params.phone) throw badRequest('phone_provider_disabled', 'Phone signups are disabled');
    const email = validateEmail(params.email);
    const data = checkUserMetadata(params.data ?? {});
    const redirectTo = redirectOf(request, deps.config);
    const client = clientOf(request);
    // Without autoconfirm every sign-up may send a confirmation: limited per client, per address and in all,
    // for new and registered addresses alike, so the answer does not tell them apart.
    if (!deps.config.autoconfirm) await deps.limiter.takeEmail({ kind: 'signup', recipient: email, clientIp: client.ip });

    // Hashed before looking the address up, so a taken address answers as slowly as a new one.
    const passwordHash = await hashPassword(params.password);
    const existing = await findUserByEmail(deps.sql, email);

    if (existing) {
      const actor = { id: existing.id, email: existing.email };
      if (existing.email_confirmed_at || deps.config.autoconfirm) {
        await recordAudit(deps.sql, { actor, action: 'user_repeated_signup', ip: client.ip, traits: { provider: 'email' } });
        if (deps.config.autoconfirm) throw unprocessable('user_already_exists', 'User already registered');
        const now = new Date().toISOString().replace(/(\.\d{3})Z$/, '$1000Z');
        return reply.send(fakeSignupUser({ id: randomUUID(), email, aud: existing.aud, data, now }));
      }
      // Registered but not confirmed: the confirmation e-mail again (never the account's data changed).
      await deps.sql.begin(async (tx) => {
        await recordAudit(tx, { actor, action: 'user_confirmation_requested', ip: client.ip, traits: { provider: 'email' } });
        if (pkce) await createFlowState(tx, existing.id, 'email/signup', pkce);
        await sendLinkEmail(tx, deps, { kind: 'signup', userId: existing.id, to: email, email, redirectTo, pkce: Boolean(pkce) });
      });
      return reply.send(serializeUser((await findUserById(deps.sql, existing.id))!));
    }

    const body = await deps.sql
      .begin(async (tx) => {
        const userId = await createUser(tx, { email, passwordHash, data }).catch(savingFailed);
        const actor = { id: userId, email };
        if (deps.config.autoconfirm) {
          await recordAudit(tx, { actor, action: 'user_signedup', ip: client.ip, traits: { provider: 'email' } });
          await confirmUser(tx, userId).catch(savingFailed);
          await recordAudit(tx, { actor, action: 'login', ip: client.ip, traits: { provider: 'email' } });
          return startSession(tx, deps.tokens, { id: userId }, 'password', client);
        }
        await recordAudit(tx, { actor, action: 'user_confirmation_requested', ip: client.ip, traits: { provider: 'email' } });
        if (pkce) await createFlowState(tx, userId, 'email/signup', pkce);
        await sendLinkEmail(tx, deps, { kind: 'signup', userId, to: email, email, redirectTo, pkce: Boolean(pkce) });
        return serializeUser((await findUserById(tx, userId))!);
      })
      .catch(savingFailed);
    return reply.send(body);
  };
}
