import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { authFetch, signUpUser } from '../support/auth';
import { startTestServer, type TestServer } from '../support/test-server';

// Refresh-token rotation, the 10 s reuse interval and revocation on reuse (raw HTTP).
let server: TestServer;

beforeAll(async () => {
  server = await startTestServer();
});

afterAll(async () => {
  await server?.close();
});

const refresh = (token: string) => authFetch(server, '/token?grant_type=refresh_token', { body: { refresh_token: token } });
const decode = (token: string) => JSON.parse(Buffer.from(token.split('.')[1]!, 'base64url').toString('utf8'));

async function tokensOf(sessionId: string) {
  return server.sql<{ revoked: boolean; parent: string | null }[]>`
    select revoked, parent from auth.refresh_tokens where session_id = ${sessionId} order by id`;
}

describe('rotation', () => {
  it('rotates the refresh token and keeps the session (and its amr)', async () => {
    const { session } = await signUpUser(server);
    const response = await refresh(session.refresh_token);
    expect(response.status).toBe(200);
    const body = await response.json();
    expect(Object.keys(body)).toEqual(['access_token', 'token_type', 'expires_in', 'expires_at', 'refresh_token', 'user']);
    expect(body.refresh_token).not.toBe(session.refresh_token);
    const before = decode(session.access_token);
    const after = decode(body.access_token);
    expect(after.session_id).toBe(before.session_id);
    expect(after.amr).toEqual(before.amr);
    const rows = await tokensOf(after.session_id);
    expect(rows.map((row) => row.revoked)).toEqual([true, false]);
    expect(rows[1]!.parent).toMatch(/^[0-9a-f]{64}$/);
    const [stored] = await server.sql`select count(*)::int as n from auth.refresh_tokens where token = ${body.refresh_token}`;
    expect(stored).toEqual({ n: 0 }); // only hashes are stored
  });
});

describe('reuse', () => {
  it('answers a replay within the reuse interval with the current token, without forking the session', async () => {
    const { session } = await signUpUser(server);
    const first = await (await refresh(session.refresh_token)).json();
    const second = await (await refresh(first.refresh_token)).json();
    const replay = await refresh(session.refresh_token);
    expect(replay.status).toBe(200);
    expect((await replay.json()).refresh_token).toBe(second.refresh_token);
    const rows = await tokensOf(decode(second.access_token).session_id);
    expect(rows.filter((row) => !row.revoked)).toHaveLength(1);
  });

  it('ends the whole session when a rotated token is replayed after the interval', async () => {
    const { session, user } = await signUpUser(server);
    const sessionId = decode(session.access_token).session_id;
    const rotated = await (await refresh(session.refresh_token)).json();
    await server.sql`update auth.refresh_tokens set updated_at = now() - interval '11 seconds' where session_id = ${sessionId} and revoked`;

    const replay = await refresh(session.refresh_token);
    expect(replay.status).toBe(400);
    expect(await replay.json()).toEqual({ code: 'refresh_token_already_used', message: 'Invalid Refresh Token: Already Used' });

    const [row] = await server.sql`select count(*)::int as n from auth.sessions where id = ${sessionId}`;
    expect(row).toEqual({ n: 0 });
    // The legitimate holder is out as well: its refresh token and its access token are dead.
    expect((await refresh(rotated.refresh_token)).status).toBe(400);
    const userCall = await authFetch(server, '/user', { token: rotated.access_token });
    expect(userCall.status).toBe(403);
    expect((await userCall.json()).code).toBe('session_not_found');
    const [audit] = await server.sql`
      select payload ->> 'action' as action from auth.audit_log_entries
      where payload ->> 'actor_id' = ${user.id} and payload ->> 'action' = 'token_revoked'`;
    expect(audit).toEqual({ action: 'token_revoked' });
  });

  it('refuses a refresh of an expired session', async () => {
    const { session } = await signUpUser(server);
    await server.sql`update auth.sessions set not_after = now() - interval '1 second' where id = ${decode(session.access_token).session_id}`;
    const response = await refresh(session.refresh_token);
    expect(response.status).toBe(400);
    expect(await response.json()).toEqual({ code: 'session_expired', message: 'Invalid Refresh Token: Session Expired' });
  });
});

describe('concurrent refreshes', () => {
  it('all succeed with the same new token and one session', async () => {
    const { session } = await signUpUser(server);
    const responses = await Promise.all(Array.from({ length: 6 }, () => refresh(session.refresh_token)));
    expect(responses.map((response) => response.status)).toEqual([200, 200, 200, 200, 200, 200]);
    const bodies = await Promise.all(responses.map((response) => response.json()));
    const issued = new Set(bodies.map((body) => body.refresh_token));
    expect(issued.size).toBe(1);
    expect(issued.has(session.refresh_token)).toBe(false);
    const sessionIds = new Set(bodies.map((body) => decode(body.access_token).session_id));
    expect(sessionIds.size).toBe(1);
    const rows = await tokensOf([...sessionIds][0]);
    expect(rows).toHaveLength(2);
    expect(rows.filter((row) => !row.revoked)).toHaveLength(1);
    expect((await refresh([...issued][0])).status).toBe(200);
  });
});
