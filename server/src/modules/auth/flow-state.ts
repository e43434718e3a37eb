import { randomUUID } from 'node:crypto';
import type { Db } from './auth-db';
import type { PkceChallenge } from './pkce';

/**
 * PKCE flow states (`auth.flow_state`, GoTrue's table). An e-mail flow started with a code challenge stores one;
 * opening its link issues the flow's auth code (GoTrue's `issueAuthCode`: the user's newest flow of that method),
 * and `POST /token?grant_type=pkce` exchanges the code once, with the verifier, for a session.
 *
 * Expiry: a code is good for FLOW_STATE_EXPIRY_SECONDS after the link issued it (GoTrue counts from the flow's
 * start for every method but magic links, which made a confirmation link opened after five minutes useless); a flow
 * itself lasts as long as its e-mail link.
 */
export const FLOW_STATE_EXPIRY_SECONDS = 300;

/** GoTrue's authentication methods of e-mail flows (`models.AuthenticationMethod`). */
export type FlowMethod = 'email/signup' | 'magiclink' | 'recovery' | 'email_change' | 'invite';

export async function createFlowState(db: Db, userId: string, method: FlowMethod, pkce: PkceChallenge): Promise<void> {
  await db`
    insert into auth.flow_state (id, user_id, auth_code, code_challenge_method, code_challenge, provider_type,
      authentication_method, created_at, updated_at)
    values (${randomUUID()}, ${userId}, ${randomUUID()}, ${pkce.method}, ${pkce.challenge}, ${method}, ${method}, now(), now())`;
}

/** The auth code of the user's newest flow of `method` still within `maxAgeSeconds`, stamped as issued now. */
export async function issueAuthCode(db: Db, userId: string, method: FlowMethod, maxAgeSeconds: number): Promise<string | undefined> {
  const [row] = await db<{ auth_code: string }[]>`
    update auth.flow_state set auth_code_issued_at = now(), updated_at = now()
    where id = (
      select f.id from auth.flow_state f
      where f.user_id = ${userId} and f.authentication_method = ${method}
        and f.created_at > now() - make_interval(secs => ${maxAgeSeconds})
      order by f.created_at desc limit 1)
    returning auth_code`;
  return row?.auth_code;
}

export interface LockedFlowState {
  id: string;
  userId: string | null;
  method: FlowMethod;
  codeChallenge: string;
  codeChallengeMethod: string;
  expired: boolean;
}

/** The flow state of an auth code its link has issued, locked for the caller's transaction (a second exchange waits, then finds none). */
export async function lockFlowState(db: Db, authCode: string): Promise<LockedFlowState | undefined> {
  const [row] = await db<{ id: string; user_id: string | null; method: FlowMethod; challenge: string; challenge_method: string; expired: boolean }[]>`
    select id, user_id, authentication_method as method, code_challenge as challenge, code_challenge_method as challenge_method,
      auth_code_issued_at + make_interval(secs => ${FLOW_STATE_EXPIRY_SECONDS}) < now() as expired
    from auth.flow_state where auth_code = ${authCode} and auth_code_issued_at is not null
    for update`;
  if (!row) return undefined;
  return {
    id: row.id,
    userId: row.user_id,
    method: row.method,
    codeChallenge: row.challenge,
    codeChallengeMethod: row.challenge_method,
    expired: row.expired,
  };
}

export async function deleteFlowState(db: Db, id: string): Promise<void> {
  await db`delete from auth.flow_state where id = ${id}`;
}
