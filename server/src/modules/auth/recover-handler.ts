import type { FastifyReply, FastifyRequest } from 'fastify';
import { badRequest } from './auth-error';
import { type AuthDeps, clientOf } from './auth-deps';
import { recordAudit } from './audit-log';
import { decodeBody, validateEmail } from './input-validation';
import { createFlowState } from './flow-state';
import { sendLinkEmail } from './link-emails';
import { checkPkceParams, type PkceChallenge } from './pkce';
import { redirectOf } from './signup-handler';
import { findUserByEmail } from './user-store';

/** The recovery e-mail for an address that has an account; nothing for one that has none. */
async function sendRecovery(
  deps: AuthDeps,
  input: { email: string; redirectTo: string; ip: string; pkce: PkceChallenge | undefined },
): Promise<void> {
  const user = await findUserByEmail(deps.sql, input.email);
  if (!user) return;
  await deps.sql.begin(async (tx) => {
    await recordAudit(tx, { actor: { id: user.id, email: user.email }, action: 'user_recovery_requested', ip: input.ip });
    if (input.pkce) await createFlowState(tx, user.id, 'recovery', input.pkce);
    await sendLinkEmail(tx, deps, {
      kind: 'recovery',
      userId: user.id,
      to: input.email,
      email: input.email,
      redirectTo: input.redirectTo,
      pkce: Boolean(input.pkce),
    });
  });
}

/**
 * POST /recover — GoTrue `Recover`: `{}`, and a recovery link when the address has an account. The answer
 * (status, body, limits, time) does not depend on that: the limits are taken for any address, and the
 * account is looked up and the e-mail sent after answering (a delivery failure is logged, not answered).
 */
export function recoverHandler(deps: AuthDeps) {
  return async (request: FastifyRequest, reply: FastifyReply) => {
    const client = clientOf(request);
    await deps.limiter.take('recover', client.ip);
    const params = decodeBody<{ email: string; code_challenge: string; code_challenge_method: string }>(
      request.body,
      'RecoverParams',
      { email: 'string', code_challenge: 'string', code_challenge_method: 'string' },
    );
    if (!params.email) throw badRequest('validation_failed', 'Password recovery requires an email');
    const email = validateEmail(params.email);
    const pkce = checkPkceParams(params);
    const redirectTo = redirectOf(request, deps.config);
    await deps.limiter.takeEmail({ kind: 'recovery', recipient: email, clientIp: client.ip });
    deps.afterResponse(() => sendRecovery(deps, { email, redirectTo, ip: client.ip, pkce }), 'recovery e-mail');
    return reply.send({});
  };
}
