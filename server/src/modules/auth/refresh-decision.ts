/**
 * What to do with a presented refresh token (GoTrue `tokens.Service.RefreshTokenGrant`, tightened as the
 * issue asks: a rotated token is honoured only within the reuse interval, then it counts as theft).
 *
 * - `session-expired`: the session has a `not_after` in the past.
 * - `rotate`: the token is the session's active one: revoke it and issue its child.
 * - `reuse-active`: the token was rotated a moment ago (concurrent refreshes, a lost response): answer with
 *   the session's current token, so every caller ends up on the same session without forking it.
 * - `revoke-session`: a rotated token presented after the interval: end the whole session.
 */
export type RefreshDecision = 'session-expired' | 'rotate' | 'reuse-active' | 'revoke-session';

export interface RefreshDecisionInput {
  token: { revoked: boolean; updatedAt: Date };
  session: { notAfter: Date | null };
  now: Date;
  reuseIntervalSeconds: number;
}

export function decideRefresh(input: RefreshDecisionInput): RefreshDecision {
  if (input.session.notAfter && input.now.getTime() > input.session.notAfter.getTime()) return 'session-expired';
  if (!input.token.revoked) return 'rotate';
  const reuseUntil = input.token.updatedAt.getTime() + input.reuseIntervalSeconds * 1000;
  return input.now.getTime() <= reuseUntil ? 'reuse-active' : 'revoke-session';
}
