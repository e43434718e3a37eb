import { readdir, readFile } from 'node:fs/promises';
import path from 'node:path';
import { decodeJwt } from 'jose';
import { ROOT_DIR } from '../server/src/project-paths';
import { E2E_ADMIN_PASSWORD, E2E_ADMIN_USERNAME } from './support/e2e-server';
import { expect, test } from './support/fixtures';

const CLIENT_DIR = path.join(ROOT_DIR, 'dist/client');
const TEXT_FILE = /\.(js|mjs|css|html|json|txt|svg|map|webmanifest)$/;

async function textFiles(dir: string): Promise<string[]> {
  const entries = await readdir(dir, { recursive: true, withFileTypes: true });
  return entries.filter((entry) => entry.isFile() && TEXT_FILE.test(entry.name)).map((entry) => path.join(entry.parentPath, entry.name));
}

/** What a visitor can download: every text file of the browser build. */
async function readBundle(): Promise<{ file: string; text: string }[]> {
  const files = await textFiles(CLIENT_DIR);
  expect(files.length).toBeGreaterThan(5);
  return Promise.all(files.map(async (file) => ({ file: path.relative(CLIENT_DIR, file), text: await readFile(file, 'utf8') })));
}

test('the browser build carries no token, key, connection string or admin credential', async ({ server }) => {
  const jwtSecret = (await readFile(path.join(server.dataDir, 'jwt-secret'), 'utf8')).trim();
  const forbidden: [string, RegExp][] = [
    ['a JSON Web Token', /eyJ[\w-]{8,}\.eyJ[\w-]{8,}\./],
    ['the service role', /service_role/],
    ['a PostgreSQL connection string', /postgres(ql)?:\/\/[^\s'"`]*@/],
    ['a server setting name', /\b(JWT_SECRET|ADMIN_PASSWORD|DATABASE_URL)\b/],
    ['the admin password', new RegExp(E2E_ADMIN_PASSWORD)],
    ['the JWT secret', new RegExp(jwtSecret.replace(/[.*+?^${}()|[\]\\-]/g, '\\$&'))],
  ];
  const found = (await readBundle()).flatMap(({ file, text }) =>
    forbidden.filter(([, pattern]) => pattern.test(text)).map(([what]) => `${what} in ${file}`),
  );
  expect(found).toEqual([]);
});

test('the page hands the browser only the anon key, and the admin username signs in nowhere but on the server', async ({ page, baseURL }) => {
  await page.goto('/');
  const anonKey = await page.locator('meta[name="supabase-anon-key"]').getAttribute('content');
  expect(anonKey).toBeTruthy();
  expect(decodeJwt(anonKey!).role).toBe('anon');
  const html = await (await page.request.get(`${baseURL}/admin-login`)).text();
  expect(html).not.toContain(E2E_ADMIN_PASSWORD);
  // The login form sends the username to the server; nothing in the page can check it.
  const bundle = (await readBundle()).map(({ text }) => text).join('\n');
  expect(bundle).not.toMatch(new RegExp(`['"\`]${E2E_ADMIN_USERNAME}['"\`]\\s*(===|==|!==)`));
});
