import type { FastifyRequest } from 'fastify';
import { badRequest, notFound, unprocessable } from './auth-error';
import { type AuthDeps, clientOf } from './auth-deps';
import { recordAudit } from './audit-log';
import { deleteFlowState, lockFlowState } from './flow-state';
import { decodeBody } from './input-validation';
import { verifierMatches } from './pkce';
import { type SessionBody, startSession } from './session-store';
import { findUserById } from './user-store';

/**
 * POST /token?grant_type=pkce — GoTrue `PKCE`: the auth code an e-mail link's redirect carried, with the verifier
 * of the challenge the flow started with, for a session. The flow state is locked and deleted in one transaction,
 * so a code is exchanged at most once; a wrong verifier leaves it for its rightful holder (as GoTrue does) until
 * it expires. A recovery flow's session emits PASSWORD_RECOVERY in supabase-js (its `amr` says `recovery`).
 */
export async function pkceGrant(request: FastifyRequest, deps: AuthDeps): Promise<SessionBody> {
  const params = decodeBody<{ auth_code: string; code_verifier: string }>(request.body, 'PKCEGrantParams', {
    auth_code: 'string',
    code_verifier: 'string',
  });
  if (!params.auth_code || !params.code_verifier) {
    throw badRequest('validation_failed', 'invalid request: both auth code and code verifier should be non-empty');
  }
  const client = clientOf(request);
  return deps.sql.begin(async (tx) => {
    const flow = await lockFlowState(tx, params.auth_code!);
    if (!flow || !flow.userId) throw notFound('flow_state_not_found', 'invalid flow state, no valid flow state found');
    if (flow.expired) {
      await deleteFlowState(tx, flow.id);
      return { expired: true } as const;
    }
    if (!verifierMatches(flow.codeChallenge, flow.codeChallengeMethod, params.code_verifier!)) {
      throw badRequest('bad_code_verifier', 'code challenge does not match previously saved code verifier');
    }
    const user = await findUserById(tx, flow.userId);
    if (!user) throw notFound('flow_state_not_found', 'invalid flow state, no valid flow state found');
    if (user.is_banned) throw badRequest('user_banned', 'User is banned');
    await deleteFlowState(tx, flow.id);
    await recordAudit(tx, { actor: { id: user.id, email: user.email }, action: 'login', ip: client.ip, traits: { provider_type: flow.method } });
    return startSession(tx, deps.tokens, user, flow.method, client);
  }).then((result) => {
    // Answered after the commit, so the expired flow's deletion stays.
    if ('expired' in result) throw unprocessable('flow_state_expired', 'invalid flow state, flow state has expired');
    return result;
  });
}
