import type { FastifyReply, FastifyRequest } from 'fastify';
import { badRequest } from './auth-error';
import { type AuthDeps, clientOf } from './auth-deps';
import { recordAudit } from './audit-log';
import { createFlowState } from './flow-state';
import { decodeBody, validateEmail } from './input-validation';
import { sendLinkEmail } from './link-emails';
import { checkPkceParams, type PkceChallenge } from './pkce';
import { redirectOf } from './signup-handler';
import { findUserByEmail } from './user-store';

type ResendParams = { type: string; email: string; phone: string; code_challenge: string; code_challenge_method: string };

interface Resend {
  type: 'signup' | 'email_change';
  email: string;
  redirectTo: string;
  ip: string;
  pkce: PkceChallenge | undefined;
}

/** GoTrue's `Resend` once the answer has gone: nothing for an unknown address, a confirmed one, or no pending change. */
async function resend(deps: AuthDeps, input: Resend): Promise<void> {
  const user = await findUserByEmail(deps.sql, input.email);
  if (!user || user.is_banned) return;
  const actor = { id: user.id, email: user.email };
  const base = { userId: user.id, redirectTo: input.redirectTo, pkce: Boolean(input.pkce) };
  if (input.type === 'signup') {
    if (user.email_confirmed_at) return;
    await deps.sql.begin(async (tx) => {
      await recordAudit(tx, { actor, action: 'user_confirmation_requested', ip: input.ip });
      if (input.pkce) await createFlowState(tx, user.id, 'email/signup', input.pkce);
      await sendLinkEmail(tx, deps, { ...base, kind: 'signup', to: input.email, email: input.email });
    });
    return;
  }
  const newEmail = user.email_change;
  if (!newEmail) return;
  await deps.sql.begin(async (tx) => {
    await tx`update auth.users set email_change_sent_at = now() where id = ${user.id}`;
    if (input.pkce) await createFlowState(tx, user.id, 'email_change', input.pkce);
    const change = { ...base, email: input.email, newEmail };
    await sendLinkEmail(tx, deps, { ...change, kind: 'email_change_new', to: newEmail });
    await sendLinkEmail(tx, deps, { ...change, kind: 'email_change_current', to: input.email });
  });
}

/**
 * POST /resend — GoTrue `Resend` for e-mail: the sign-up confirmation or the pending e-mail change's links again.
 * `{}` in every case, answered before the account is looked up (as /recover), within the same e-mail limits.
 */
export function resendHandler(deps: AuthDeps) {
  return async (request: FastifyRequest, reply: FastifyReply) => {
    const client = clientOf(request);
    await deps.limiter.take('resend', client.ip);
    const params = decodeBody<ResendParams>(request.body, 'ResendConfirmationParams', {
      type: 'string',
      email: 'string',
      phone: 'string',
      code_challenge: 'string',
      code_challenge_method: 'string',
    });
    const type = params.type ?? '';
    let pkce: PkceChallenge | undefined;
    if (type === 'signup' || type === 'email_change') pkce = checkPkceParams(params);
    else if (type !== 'sms' && type !== 'phone_change') {
      throw badRequest('validation_failed', 'Missing one of these types: signup, email_change, sms, phone_change');
    }
    if (!params.email && type === 'signup') throw badRequest('validation_failed', 'Type provided requires an email address');
    if (!params.phone && type === 'sms') throw badRequest('validation_failed', 'Type provided requires a phone number');
    if (params.email && params.phone) throw badRequest('validation_failed', 'Only an email address or phone number should be provided.');
    if (params.phone) throw badRequest('phone_provider_disabled', 'Phone logins are disabled');
    if (!params.email) throw badRequest('validation_failed', 'Missing email address or phone number');
    if (type !== 'signup' && type !== 'email_change') throw badRequest('phone_provider_disabled', 'Phone logins are disabled');
    const email = validateEmail(params.email);
    const redirectTo = redirectOf(request, deps.config);
    await deps.limiter.takeEmail({ kind: type, recipient: email, clientIp: client.ip });
    deps.afterResponse(() => resend(deps, { type, email, redirectTo, ip: client.ip, pkce }), 'resent e-mail');
    return reply.send({});
  };
}
