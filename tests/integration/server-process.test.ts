import { chmod, mkdtemp, readFile, rm, writeFile } from 'node:fs/promises';
import net from 'node:net';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { processesMentioning, spawnServer } from '../support/spawn-server';

let dir: string;

beforeAll(async () => {
  dir = await mkdtemp(path.join(tmpdir(), 'bb-process-'));
  await chmod(dir, 0o755);
});

afterAll(async () => {
  await rm(dir, { recursive: true, force: true });
});

async function failsWith(env: Record<string, string>): Promise<{ code: number | null; stderr: string }> {
  const server = spawnServer(env);
  const code = await server.exited;
  return { code, stderr: server.output().trim() };
}

describe('start-up errors: one clear line and a non-zero exit', () => {
  it('a bad value', async () => {
    const { code, stderr } = await failsWith({ PORT: 'abc', DATA_DIR: path.join(dir, 'bad-port') });
    expect(code).toBe(1);
    expect(stderr).toBe('Invalid configuration: PORT must be a number (got "abc"); e.g. PORT=3000.');
  });

  it('a busy port', async () => {
    const blocker = net.createServer();
    await new Promise<void>((resolve) => blocker.listen(0, '127.0.0.1', resolve));
    const { port } = blocker.address() as net.AddressInfo;
    try {
      const { code, stderr } = await failsWith({ PORT: String(port), HOST: '127.0.0.1', DATA_DIR: path.join(dir, 'busy') });
      expect(code).toBe(1);
      expect(stderr).toBe(`Port ${port} is already in use. Stop the other program or start with another port, e.g. PORT=${port + 1}.`);
    } finally {
      blocker.close();
    }
  });

  it('an unusable data directory', async () => {
    const file = path.join(dir, 'a-file');
    await writeFile(file, 'not a folder');
    const { code, stderr } = await failsWith({ DATA_DIR: path.join(file, 'data'), PORT: '0' });
    expect(code).toBe(1);
    expect(stderr).toBe(`Cannot use the data directory ${file}/data (ENOTDIR). Set DATA_DIR to a folder this user can create and write.`);
  });

  it('an unreachable DATABASE_URL', async () => {
    const { code, stderr } = await failsWith({
      DATABASE_URL: 'postgres://nobody:secret@127.0.0.1:1/none',
      DATA_DIR: path.join(dir, 'unreachable'),
      PORT: '0',
    });
    expect(code).toBe(1);
    expect(stderr).toMatch(/^Cannot connect to DATABASE_URL: .+\. Check that PostgreSQL is running/);
    expect(stderr).not.toContain('secret');
  });
});

describe('embedded PostgreSQL lifecycle', () => {
  it('initialises, migrates and seeds on first start, keeps data across restarts, and leaves no PostgreSQL behind', async () => {
    const dataDir = path.join(dir, 'lifecycle');
    const env = { DATA_DIR: dataDir, PORT: '0', HOST: '127.0.0.1', ADMIN_PASSWORD: 'first-start-password' };
    const account = { email: 'restart@example.com', password: 'kept-across-restarts' };
    const post = async (url: string, body: unknown) => {
      const { anonKey } = JSON.parse(await readFile(path.join(dataDir, 'public-config.json'), 'utf8')) as { anonKey: string };
      return fetch(url, { method: 'POST', headers: { apikey: anonKey, 'content-type': 'application/json' }, body: JSON.stringify(body) });
    };

    const first = spawnServer(env);
    const url = await first.ready;
    expect(first.output()).toContain('applied migration 20261122000500_create_menu_items.sql');
    expect(first.output()).toContain('Site admin created: username "admin" with ADMIN_PASSWORD');
    expect(first.output()).not.toContain('first-start-password');
    // The address to open: SITE_URL's default (localhost, port 3000 when PORT=0), not the 127.0.0.1 it listens on.
    await expect.poll(() => first.output()).toContain('Open http://localhost:3000 in your browser: e-mail links');
    expect(first.output()).toContain('such as http://127.0.0.1:3000, you would open those links signed out');
    expect((await post(`${url}/auth/v1/signup`, account)).status).toBe(200);
    expect(processesMentioning(dataDir).length).toBeGreaterThan(0);

    first.child.kill('SIGINT');
    expect(await first.exited).toBe(0);
    expect(processesMentioning(dataDir)).toEqual([]);

    const second = spawnServer(env);
    const secondUrl = await second.ready;
    expect(second.output()).not.toContain('applied migration');
    expect(second.output()).not.toContain('Site admin created');
    const signIn = await post(`${secondUrl}/auth/v1/token?grant_type=password`, account);
    expect(signIn.status).toBe(200);
    second.child.kill('SIGTERM');
    expect(await second.exited).toBe(0);
    expect(processesMentioning(dataDir)).toEqual([]);
    // Two whole lifecycles (initdb and every migration on the first): a loaded machine needs more than the default.
  }, 180_000);
});
