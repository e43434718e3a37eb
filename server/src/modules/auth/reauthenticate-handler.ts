import type { FastifyReply, FastifyRequest } from 'fastify';
import { badRequest, unprocessable } from './auth-error';
import { type AuthDeps, clientOf } from './auth-deps';
import { recordAudit } from './audit-log';
import { authenticate } from './authenticate';
import { sendReauthenticationEmail } from './link-emails';

/**
 * GET /reauthenticate — GoTrue `Reauthenticate`: a 6-digit code to the signed-in user's confirmed address, the
 * `nonce` of a password change (PUT /user). Within the e-mail limits of every other auth e-mail.
 */
export function reauthenticateHandler(deps: AuthDeps) {
  return async (request: FastifyRequest, reply: FastifyReply) => {
    const { user } = await authenticate(request, deps);
    const client = clientOf(request);
    await deps.limiter.take('reauthenticate', client.ip);
    if (!user.email && !user.phone) {
      throw badRequest('validation_failed', 'Reauthentication requires the user to have an email or a phone number');
    }
    if (!user.email) throw unprocessable('phone_provider_disabled', 'Phone logins are disabled');
    if (!user.email_confirmed_at) throw unprocessable('email_not_confirmed', 'Please verify your email first.');
    await deps.limiter.takeEmail({ kind: 'reauthentication', recipient: user.email, clientIp: client.ip });
    await deps.sql.begin(async (tx) => {
      await recordAudit(tx, { actor: { id: user.id, email: user.email }, action: 'user_reauthenticate_requested', ip: client.ip });
      await sendReauthenticationEmail(tx, deps, { userId: user.id, email: user.email! });
    });
    return reply.send({});
  };
}
