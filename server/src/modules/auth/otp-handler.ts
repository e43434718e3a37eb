import type { FastifyReply, FastifyRequest } from 'fastify';
import { isConnectionFailure } from '../../db/availability';
import { badRequest } from './auth-error';
import { type AuthDeps, clientOf } from './auth-deps';
import { recordAudit } from './audit-log';
import { createFlowState } from './flow-state';
import { checkUserMetadata, decodeBody, validateEmail } from './input-validation';
import { sendLinkEmail } from './link-emails';
import { checkPkceParams, type PkceChallenge } from './pkce';
import { redirectOf } from './signup-handler';
import { confirmUser, createUser, findUserByEmail } from './user-store';

type OtpParams = {
  email: string;
  phone: string;
  create_user: boolean;
  data: Record<string, unknown>;
  channel: string;
  code_challenge: string;
  code_challenge_method: string;
};

interface SignInLink {
  email: string;
  createUser: boolean;
  data: Record<string, unknown>;
  redirectTo: string;
  ip: string;
  pkce: PkceChallenge | undefined;
}

/**
 * GoTrue's `MagicLink` once the answer has gone: a confirmed account gets a sign-in link (and code); an unknown or
 * unconfirmed address is signed up when `create_user` allows it (passwordless; with AUTH_AUTOCONFIRM it then gets
 * the sign-in link, otherwise the confirmation, which signs in too), and gets nothing otherwise.
 */
async function sendSignInLink(deps: AuthDeps, input: SignInLink): Promise<void> {
  const existing = await findUserByEmail(deps.sql, input.email);
  if (existing?.is_banned) return;
  let userId = existing?.id;
  let confirmed = Boolean(existing?.email_confirmed_at);
  if (!existing) {
    if (!input.createUser) return;
    const created = await deps.sql
      .begin(async (tx) => {
        const id = await createUser(tx, { email: input.email, passwordHash: '', data: input.data });
        await recordAudit(tx, { actor: { id, email: input.email }, action: 'user_signedup', ip: input.ip, traits: { provider: 'email' } });
        if (deps.config.autoconfirm) await confirmUser(tx, id);
        return id;
      })
      // Signed up meanwhile by another request: that request sends its e-mail.
      .catch((error: unknown) => {
        if (!isConnectionFailure(error) && (error as { code?: string }).code === '23505') return undefined;
        throw error;
      });
    if (!created) return;
    userId = created;
    confirmed = deps.config.autoconfirm;
  } else if (!confirmed && !input.createUser) {
    return;
  }
  const actor = { id: userId!, email: input.email };
  await deps.sql.begin(async (tx) => {
    const kind = confirmed ? 'magiclink' : 'signup';
    await recordAudit(tx, { actor, action: confirmed ? 'user_recovery_requested' : 'user_confirmation_requested', ip: input.ip });
    if (input.pkce) await createFlowState(tx, userId!, confirmed ? 'magiclink' : 'email/signup', input.pkce);
    await sendLinkEmail(tx, deps, { kind, userId: userId!, to: input.email, email: input.email, redirectTo: input.redirectTo, pkce: Boolean(input.pkce) });
  });
}

/**
 * POST /otp — GoTrue `Otp` for e-mail (`signInWithOtp`): `{}`, then a sign-in link and code for the address.
 * Like /recover, the answer is given before the account is looked up, and the limits are taken for any address:
 * status, body and time are the same for known and unknown addresses. (GoTrue answers 422 `otp_disabled` for an
 * unknown address with `create_user: false`, which tells who has an account; this server does not.)
 */
export function otpHandler(deps: AuthDeps) {
  return async (request: FastifyRequest, reply: FastifyReply) => {
    const client = clientOf(request);
    await deps.limiter.take('otp', client.ip);
    const params = decodeBody<OtpParams>(request.body, 'OtpParams', {
      email: 'string',
      phone: 'string',
      create_user: 'boolean',
      data: 'object',
      channel: 'string',
      code_challenge: 'string',
      code_challenge_method: 'string',
    });
    if (params.email && params.phone) throw badRequest('validation_failed', 'Only an email address or phone number should be provided');
    if (params.email && params.channel) throw badRequest('validation_failed', 'Channel should only be specified with Phone OTP');
    const pkce = checkPkceParams(params);
    if (params.phone) throw badRequest('phone_provider_disabled', 'Unsupported phone provider');
    if (!params.email) throw badRequest('validation_failed', 'One of email or phone must be set');
    const email = validateEmail(params.email);
    const data = checkUserMetadata(params.data ?? {});
    const redirectTo = redirectOf(request, deps.config);
    await deps.limiter.takeEmail({ kind: 'magiclink', recipient: email, clientIp: client.ip });
    const link: SignInLink = { email, createUser: params.create_user ?? true, data, redirectTo, ip: client.ip, pkce };
    deps.afterResponse(() => sendSignInLink(deps, link), 'sign-in link e-mail');
    return reply.send({});
  };
}
