import { spawn, type ChildProcess } from 'node:child_process';
import { existsSync } from 'node:fs';
import { mkdir, mkdtemp, readFile, rm, writeFile } from 'node:fs/promises';
import { tmpdir, userInfo } from 'node:os';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { CACHE_CONTROL } from '../../src/config/security-headers';
import { freePort } from '../../server/src/db/embedded';
import { ROOT_DIR } from '../../server/src/project-paths';
import {
  EXPECTED_PAGES,
  expectedSecurityHeaders,
  observeHashedAsset,
  observePages,
  observeSecurityHeaders,
  STATIC_DIR,
} from '../support/static-host-checks';

/**
 * dist/static served by a real nginx with the server block the build wrote (dist/nginx.conf): only `root` and
 * `listen` are set, as an operator would. Same answers as the own server, including its 404 for a page number that
 * cannot exist, which `_redirects` placeholders cannot express.
 */

const NGINX = ['/usr/sbin/nginx', '/usr/local/sbin/nginx'].find((candidate) => existsSync(candidate)) ?? 'nginx';
let dir: string;
let nginx: ChildProcess;
let url: string;

beforeAll(async () => {
  if (!existsSync(path.join(STATIC_DIR, 'index.html'))) throw new Error('dist/static is missing: run `npm run build` first.');
  dir = await mkdtemp(path.join(tmpdir(), 'bb-nginx-'));
  const port = await freePort();
  const site = (await readFile(path.join(ROOT_DIR, 'dist/nginx.conf'), 'utf8'))
    .replace('listen 80;', `listen 127.0.0.1:${port};`)
    .replace('root /var/www/beyond-brochures;', `root ${STATIC_DIR};`);
  for (const temp of ['body', 'proxy', 'fastcgi', 'uwsgi', 'scgi']) await mkdir(path.join(dir, temp));
  await writeFile(
    path.join(dir, 'nginx.conf'),
    [
      userInfo().uid === 0 ? 'user root;' : '',
      'worker_processes 1;',
      `pid ${dir}/nginx.pid;`,
      `error_log ${dir}/error.log;`,
      'events {}',
      'http {',
      '  include /etc/nginx/mime.types;',
      '  access_log off;',
      ...['body', 'proxy', 'fastcgi', 'uwsgi', 'scgi'].map((temp) => `  ${temp === 'body' ? 'client_body' : temp}_temp_path ${dir}/${temp};`),
      site,
      '}',
    ].join('\n'),
  );
  nginx = spawn(NGINX, ['-p', dir, '-c', path.join(dir, 'nginx.conf'), '-g', 'daemon off;'], { stdio: ['ignore', 'ignore', 'pipe'] });
  let stderr = '';
  nginx.stderr?.on('data', (chunk) => (stderr += String(chunk)));
  url = `http://127.0.0.1:${port}`;
  for (let attempt = 0; ; attempt++) {
    if (nginx.exitCode !== null) throw new Error(`nginx stopped: ${stderr}${await readFile(path.join(dir, 'error.log'), 'utf8').catch(() => '')}`);
    if (await fetch(`${url}/`).then(() => true, () => false)) break;
    if (attempt > 100) throw new Error('nginx did not answer');
    await new Promise((resolve) => setTimeout(resolve, 50));
  }
});

afterAll(async () => {
  nginx?.kill('SIGTERM');
  if (nginx && nginx.exitCode === null) await new Promise((resolve) => nginx.once('exit', resolve));
  if (dir) await rm(dir, { recursive: true, force: true });
});

describe('nginx with dist/nginx.conf', () => {
  it('answers pages, app routes and unknown paths as the own server does', async () => {
    expect(await observePages(url)).toEqual(EXPECTED_PAGES);
    expect(await observePages(url, ['/admin/page-0', '/admin/foo', '/index.html/x'])).toEqual({
      '/admin/page-0': [404, 'notFound'],
      '/admin/foo': [404, 'notFound'],
      '/index.html/x': [404, 'notFound'],
    });
  });

  it('sends the security headers on pages, the shell and the 404 page, and the own server’s cache policy', async () => {
    for (const target of ['/', '/about', '/dashboard', '/no/such/page']) {
      expect(await observeSecurityHeaders(url, target), target).toEqual(expectedSecurityHeaders());
    }
    expect(await observeHashedAsset(url)).toEqual({ status: 200, type: 'application/javascript; charset=utf-8', cacheControl: CACHE_CONTROL.hashedAsset });
    expect((await fetch(`${url}/about`)).headers.get('cache-control')).toBe(CACHE_CONTROL.html);
    expect((await fetch(`${url}/favicon.svg`)).headers.get('cache-control')).toBe(CACHE_CONTROL.otherFile);
  });
});
