import type { FastifyReply, FastifyRequest } from 'fastify';
import { badRequest } from './auth-error';
import { type AuthDeps, clientOf } from './auth-deps';
import { recordAudit } from './audit-log';
import { decodeBody, validateEmail } from './input-validation';
import { checkResendFrequency, sendLinkEmail } from './link-emails';
import { redirectOf } from './signup-handler';
import { findUserByEmail } from './user-store';

/** POST /recover — GoTrue `Recover`: a recovery link for a known address; `{}` either way. */
export function recoverHandler(deps: AuthDeps) {
  return async (request: FastifyRequest, reply: FastifyReply) => {
    await deps.limiter.take('recover', request.ip);
    const params = decodeBody<{ email: string; code_challenge: string; code_challenge_method: string }>(
      request.body,
      'RecoverParams',
      { email: 'string', code_challenge: 'string', code_challenge_method: 'string' },
    );
    if (!params.email) throw badRequest('validation_failed', 'Password recovery requires an email');
    const email = validateEmail(params.email);
    if (params.code_challenge || params.code_challenge_method) {
      throw badRequest('validation_failed', 'PKCE flow is not supported by this server; use the implicit flow');
    }
    const user = await findUserByEmail(deps.sql, email);
    if (!user) return reply.send({});

    checkResendFrequency(deps, user.recovery_sent_at);
    const redirectTo = redirectOf(request, deps.config.siteUrl);
    await deps.sql.begin(async (tx) => {
      await recordAudit(tx, { actor: { id: user.id, email: user.email }, action: 'user_recovery_requested', ip: clientOf(request).ip });
      await sendLinkEmail(tx, deps, { kind: 'recovery', userId: user.id, to: email, email, redirectTo });
    });
    return reply.send({});
  };
}
