import { execFile } from 'node:child_process';
import { readFile } from 'node:fs/promises';
import path from 'node:path';
import { promisify } from 'node:util';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { quoteIdent } from '../../server/src/db/client';
import { runHostedSetup } from '../../server/src/cli/hosted-setup';
import { ROOT_DIR, STORAGE_SEED_DIR } from '../../server/src/project-paths';
import { adminEmailFromUsername } from '../../src/config/admin';
import { signIn, signUpUser } from '../support/auth';
import { startTestServer, type TestServer } from '../support/test-server';

/**
 * `npm run hosted:setup` against the own server, which answers the storage and auth admin calls it makes as hosted
 * Supabase does: a fresh project gets the public bucket, the recording and the site admin; a second run changes
 * nothing it need not; a wrong key or a key in a VITE_ variable stops it before anything changes.
 */

let server: TestServer;
const PASSWORD = 'hosted-admin-password';
const recording = () => readFile(path.join(STORAGE_SEED_DIR, 'audio', 'beyond-brochures.mp3'));

async function setup(extra: Record<string, string | undefined> = {}) {
  const lines: string[] = [];
  const code = await runHostedSetup(
    { SUPABASE_URL: server.url, SUPABASE_SERVICE_ROLE_KEY: server.serviceRoleKey, ADMIN_PASSWORD: PASSWORD, ...extra },
    { log: (line) => lines.push(line), error: (line) => lines.push(line) },
  );
  return { code, output: lines.join('\n') };
}

beforeAll(async () => {
  server = await startTestServer();
});

afterAll(async () => {
  await server?.close();
});

describe('npm run hosted:setup', () => {
  it('sets up a fresh project: public audio bucket, the recording served, the site admin who signs in with the username', async () => {
    // Only the migrations' buckets exist before: the asset library's private `assets` and public `asset-public`, the
    // Email Platform's public `email-images`.
    expect(await server.sql`select id from storage.buckets order by id`).toEqual([{ id: 'asset-public' }, { id: 'assets' }, { id: 'email-images' }]);
    const { code, output } = await setup({ SITE_URL: 'https://www.example.com' });
    expect(output).toContain('✓ Created the public bucket "audio".');
    expect(output).toContain('✓ Uploaded beyond-brochures.mp3');
    expect(output).toContain(`✓ The recording plays from ${server.url}/storage/v1/object/public/audio/beyond-brochures.mp3`);
    expect(output).toContain('✓ Created the site admin admin@admin.localhost. Sign in at /admin-login with the username "admin"');
    expect(output).toContain("✓ The database has the app's tables");
    expect(output).toContain('✓ A signed-out token is refused at once');
    expect(output).toContain('✓ "Confirm email" is off');
    expect(output).toContain('Site URL: https://www.example.com');
    expect(output).toContain('Redirect URLs: add https://www.example.com/**');
    expect(output).not.toContain('✗');
    expect(code).toBe(0);

    const served = await fetch(`${server.url}/storage/v1/object/public/audio/beyond-brochures.mp3`);
    expect(Buffer.from(await served.arrayBuffer()).equals(await recording())).toBe(true);
    const admin = await signIn(server, adminEmailFromUsername('admin'), PASSWORD);
    expect((await admin.client.rpc('is_site_admin')).data).toBe(true);
  });

  it('runs again without harm: the bucket kept (made public again if needed), the admin’s password set anew', async () => {
    await server.sql`update storage.buckets set public = false where id = 'audio'`;
    const { code, output } = await setup();
    expect(output).toContain('✓ Made the bucket "audio" public');
    expect(output).toContain('✓ admin@admin.localhost is a site admin with the new password');
    expect(code).toBe(0);
    expect(await server.sql`select id, public from storage.buckets where id = 'audio'`).toEqual([{ id: 'audio', public: true }]);
    expect(await server.sql`select count(*)::int as admins from auth.users where email = 'admin@admin.localhost'`).toEqual([{ admins: 1 }]);
  });

  it('promotes an existing account of that username, as admin:create does', async () => {
    const member = await signUpUser(server, { email: adminEmailFromUsername('editor') });
    const { code } = await setup({ ADMIN_USERNAME: 'editor' });
    expect(code).toBe(0);
    const promoted = await signIn(server, member.email, PASSWORD);
    expect((await promoted.client.rpc('is_site_admin')).data).toBe(true);
  });

  it('warns when signed-out tokens still work (the session check not wired)', async () => {
    const database = quoteIdent(server.db.name);
    await server.sql.unsafe(`alter role authenticator in database ${database} reset pgrst.db_pre_request`);
    await server.sql`notify pgrst, 'reload config'`;
    try {
      let output = '';
      for (let attempt = 0; attempt < 50 && !output.includes('still reads data'); attempt++) ({ output } = await setup());
      expect(output).toContain('! A signed-out token still reads data: the session check is not active.');
    } finally {
      await server.sql.unsafe(`alter role authenticator in database ${database} set pgrst.db_pre_request = 'private.require_active_session'`);
      await server.sql`notify pgrst, 'reload config'`;
    }
  });

  it('stops before changing anything with the anon key, a wrong key, a secret key in a VITE_ variable, or a weak password', async () => {
    const before = await server.sql`select id, encrypted_password from auth.users order by id`;
    const anonKey = await setup({ SUPABASE_SERVICE_ROLE_KEY: server.anonKey });
    expect(anonKey).toMatchObject({ code: 2 });
    expect(anonKey.output).toContain('holds the publishable (anon) key');
    const wrong = await setup({ SUPABASE_SERVICE_ROLE_KEY: 'sb_secret_not-this-project' });
    expect(wrong.code).toBe(1);
    expect(wrong.output).toContain(`✗ ${server.url} refused the key`);
    const leaked = await setup({ VITE_SUPABASE_ANON_KEY: server.serviceRoleKey });
    expect(leaked).toMatchObject({ code: 2 });
    expect(leaked.output).toContain('VITE_SUPABASE_ANON_KEY holds a secret key');
    const weak = await setup({ ADMIN_PASSWORD: 'short' });
    expect(weak.code).toBe(1);
    expect(weak.output).toContain('Nothing was changed');
    expect(await server.sql`select id, encrypted_password from auth.users order by id`).toEqual(before);
  });

  it('is the npm script: runs as its own process', async () => {
    const run = promisify(execFile);
    const result = await run('npm', ['run', '--silent', 'hosted:setup'], {
      cwd: ROOT_DIR,
      env: { ...process.env, SUPABASE_URL: server.url, SUPABASE_SERVICE_ROLE_KEY: server.serviceRoleKey, ADMIN_PASSWORD: PASSWORD },
    });
    expect(result.stdout).toContain('✓ The recording plays from');
  });
});
