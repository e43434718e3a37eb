import { spawn } from 'node:child_process';
import { chmod, mkdtemp, readFile, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { ROOT_DIR } from '../../server/src/project-paths';
import { adminEmailFromUsername } from '../../src/config/admin';
import { signIn, signUpUser } from '../support/auth';
import { rest } from '../support/rest-clients';
import { processesMentioning, spawnServer } from '../support/spawn-server';
import { startTestServer, type TestServer } from '../support/test-server';

interface CommandResult {
  code: number | null;
  stdout: string;
  stderr: string;
}

/** `npm run admin:create -- <args>` as a child process, with `stdin` piped in (the password lines). */
function adminCreate(args: string[], stdin: string, env: Record<string, string | undefined>): Promise<CommandResult> {
  const childEnv: NodeJS.ProcessEnv = { ...process.env, LOG_LEVEL: 'warn' };
  delete childEnv.DATABASE_URL;
  delete childEnv.DATA_DIR;
  for (const [key, value] of Object.entries(env)) {
    if (value === undefined) delete childEnv[key];
    else childEnv[key] = value;
  }
  const child = spawn(process.execPath, ['--import', 'tsx', path.join(ROOT_DIR, 'server/src/cli/admin-create.ts'), ...args], {
    cwd: ROOT_DIR,
    env: childEnv,
    stdio: ['pipe', 'pipe', 'pipe'],
  });
  let stdout = '';
  let stderr = '';
  child.stdout.on('data', (chunk: Buffer) => (stdout += chunk.toString()));
  child.stderr.on('data', (chunk: Buffer) => (stderr += chunk.toString()));
  child.stdin.end(stdin);
  return new Promise((resolve) => child.on('exit', (code) => resolve({ code, stdout, stderr })));
}

async function isSiteAdmin(server: TestServer, email: string, password: string): Promise<boolean> {
  const signedIn = await signIn(server, email, password);
  const { data, error } = await signedIn.client.rpc('is_site_admin');
  if (error) throw new Error(error.message);
  return data === true;
}

describe('npm run admin:create with DATABASE_URL', () => {
  let server: TestServer;
  let dataDir: string;
  const run = (args: string[], stdin: string) => adminCreate(args, stdin, { DATABASE_URL: server.db.url, DATA_DIR: dataDir });

  beforeAll(async () => {
    server = await startTestServer();
    dataDir = await mkdtemp(path.join(tmpdir(), 'bb-admin-create-'));
  });

  afterAll(async () => {
    await server?.close();
    await rm(dataDir, { recursive: true, force: true });
  });

  it('creates a site admin from a username and a password typed twice; the username signs in and may edit the menu', async () => {
    const result = await run(['alice'], 'alice-password-1\nalice-password-1\n');
    expect(result).toMatchObject({ code: 0, stderr: '' });
    expect(result.stdout).toContain('Site admin created: username "alice" (account alice@admin.localhost). Sign in at /admin-login.');
    expect(result.stdout + result.stderr).not.toContain('alice-password-1');

    const alice = await signIn(server, adminEmailFromUsername('alice'), 'alice-password-1');
    expect((await alice.client.rpc('is_site_admin')).data).toBe(true);
    expect(alice.user.app_metadata).toMatchObject({ site_admin: true });
    const renamed = await alice.client.from('menu_items').update({ name: 'Work' }).eq('href', '/portfolio').select('name');
    expect([renamed.error, renamed.data]).toEqual([null, [{ name: 'Work' }]]);
    await alice.client.rpc('reset_menu_items');
  });

  it('makes an existing marketing account a site admin, sets its password and signs its old sessions out', async () => {
    const carol = await signUpUser(server, { email: `carol-${Date.now()}@example.com` });
    expect(await isSiteAdmin(server, carol.email, carol.password)).toBe(false);
    const before = await server.sql`select raw_user_meta_data from auth.users where id = ${carol.user.id}`;

    const result = await run([carol.email], 'carol-new-password\ncarol-new-password\n');
    expect(result.code).toBe(0);
    expect(result.stdout).toContain(`${carol.email} is now a site admin with the new password (2 sessions of the old password signed out).`);

    const oldToken = await rest(server, 'GET', '/menu_items?select=name', { token: carol.session.access_token });
    expect(oldToken.status).toBe(401);
    const { error: oldPassword } = await server.client().auth.signInWithPassword({ email: carol.email, password: carol.password });
    expect(oldPassword?.code).toBe('invalid_credentials');
    expect(await isSiteAdmin(server, carol.email, 'carol-new-password')).toBe(true);
    // Only the app metadata changed: the user's own data is kept.
    expect(await server.sql`select raw_user_meta_data from auth.users where id = ${carol.user.id}`).toEqual(before);
  });

  it('changes nothing when the confirmation differs', async () => {
    const result = await run(['dave'], 'dave-password-1\ndave-password-2\n');
    expect(result.code).toBe(1);
    expect(result.stderr.trim()).toBe('The passwords do not match. Nothing was changed.');
    expect(await server.sql`select 1 from auth.users where email = ${adminEmailFromUsername('dave')}`).toHaveLength(0);
  });

  it('refuses a password shorter than 8 characters, and standard input without a confirmation', async () => {
    const short = await run(['erin'], 'short\nshort\n');
    expect([short.code, short.stderr.trim()]).toEqual([1, 'The password must be at least 8 characters long. Nothing was changed.']);
    const missing = await run(['erin'], 'only-one-line\n');
    expect([missing.code, missing.stderr.trim()]).toEqual([1, 'Standard input ended before the password and its confirmation were read.']);
    expect(await server.sql`select 1 from auth.users where email = ${adminEmailFromUsername('erin')}`).toHaveLength(0);
  });

  it('explains its usage without a username or with an invalid one (exit code 2)', async () => {
    const none = await run([], '');
    expect(none.code).toBe(2);
    expect(none.stderr).toContain('Give the username of the site admin.');
    expect(none.stderr).toContain('Usage: npm run admin:create -- <username>');
    const bad = await run(['x y'], '');
    expect(bad.code).toBe(2);
    expect(bad.stderr).toContain('The username must be 3-64 letters, digits or . _ @ + - (got "x y").');
  });

  it('says clearly when DATABASE_URL cannot be reached, without showing its password', async () => {
    const result = await adminCreate(['frank'], 'frank-password\nfrank-password\n', {
      DATABASE_URL: 'postgres://nobody:hidden-secret@127.0.0.1:1/none',
      DATA_DIR: dataDir,
    });
    expect(result.code).toBe(1);
    expect(result.stderr.trim()).toMatch(/^Cannot connect to DATABASE_URL: .+\. Check that PostgreSQL is running/);
    expect(result.stderr).not.toContain('hidden-secret');
  });
});

describe('npm run admin:create with the embedded PostgreSQL of DATA_DIR', () => {
  let dir: string;

  beforeAll(async () => {
    dir = await mkdtemp(path.join(tmpdir(), 'bb-admin-create-embedded-'));
    await chmod(dir, 0o755);
  });

  afterAll(async () => {
    await rm(dir, { recursive: true, force: true });
  });

  it('works while the server is stopped (starting and stopping PostgreSQL) and while it runs (using its PostgreSQL)', { timeout: 180_000 }, async () => {
    const dataDir = path.join(dir, 'data');
    const env = { DATA_DIR: dataDir };

    const stopped = await adminCreate(['owner'], 'stopped-password\nstopped-password\n', env);
    expect(stopped.code, stopped.stderr).toBe(0);
    expect(stopped.stdout).toContain(`Starting the embedded PostgreSQL of ${dataDir} (the server is not running; it is stopped again afterwards)`);
    expect(stopped.stdout).toContain('Site admin created: username "owner" (account owner@admin.localhost).');
    expect(processesMentioning(dataDir)).toEqual([]);

    // The server starts on the same data; the account exists, so it creates no other site admin.
    const server = spawnServer({ DATA_DIR: dataDir, PORT: '0', HOST: '127.0.0.1', ADMIN_USERNAME: 'admin', ADMIN_PASSWORD: 'unused-password' });
    try {
      const url = await server.ready;
      expect(server.output()).not.toContain('Site admin created');
      const { anonKey } = JSON.parse(await readFile(path.join(dataDir, 'public-config.json'), 'utf8')) as { anonKey: string };
      const signIn = (password: string) =>
        fetch(`${url}/auth/v1/token?grant_type=password`, {
          method: 'POST',
          headers: { apikey: anonKey, 'content-type': 'application/json' },
          body: JSON.stringify({ email: 'owner@admin.localhost', password }),
        });
      expect((await signIn('stopped-password')).status).toBe(200);

      const running = await adminCreate(['owner'], 'running-password\nrunning-password\n', env);
      expect(running.code, running.stderr).toBe(0);
      expect(running.stdout).toMatch(/The embedded PostgreSQL of .+ is already running \(pid \d+, port \d+; the server is probably started\): using it\./);
      expect(running.stdout).toContain('owner@admin.localhost is now a site admin with the new password (1 session of the old password signed out).');
      expect((await signIn('stopped-password')).status).toBe(400);
      const session = (await (await signIn('running-password')).json()) as { access_token: string; user: { app_metadata: { site_admin?: boolean } } };
      expect(session.user.app_metadata.site_admin).toBe(true);
      const check = await fetch(`${url}/rest/v1/rpc/is_site_admin`, {
        method: 'POST',
        headers: { apikey: anonKey, authorization: `Bearer ${session.access_token}`, 'content-type': 'application/json' },
        body: '{}',
      });
      expect(await check.json()).toBe(true);
    } finally {
      server.child.kill('SIGTERM');
      await server.exited;
    }
    expect(processesMentioning(dataDir)).toEqual([]);
  });
});
