// Helpers of the benchmark scripts: CPU pinning, a free port, a member with a signed token, the real server process.
// (bench-content.ts and bench-api.ts still carry their own copies; they move here once issue 16's bench changes land.)
import { spawn, spawnSync, type ChildProcess } from 'node:child_process';
import net from 'node:net';
import { cpus } from 'node:os';
import path from 'node:path';
import type { Sql } from '../server/src/db/client';
import { signJwt } from '../server/src/lib/jwt';
import { insertUser } from '../server/src/modules/auth/user-store';
import { ROOT_DIR } from '../server/src/server';

const UNUSABLE_HASH = '$2a$10$invalidinvalidinvalidinvalidinvalidinvalidinvalidinva';

export function has(command: string): boolean {
  return spawnSync('sh', ['-c', `command -v ${command}`], { stdio: 'ignore' }).status === 0;
}

export const canPin = has('taskset') && cpus().length >= 2;

export const pin = (cpu: number, command: string, args: string[]): [string, string[]] =>
  canPin ? ['taskset', ['-c', String(cpu), command, ...args]] : [command, args];

/** Re-runs this script on CPU 0 (the PostgreSQL and server it starts inherit it); returns only in the pinned run. */
export function runPinned(): void {
  if (process.env.BENCH_PINNED || !canPin) return;
  const [command, args] = pin(0, process.execPath, [...process.execArgv, ...process.argv.slice(1)]);
  const child = spawnSync(command, args, { stdio: 'inherit', env: { ...process.env, BENCH_PINNED: '1' } });
  process.exit(child.status ?? 1);
}

export function freePort(): Promise<number> {
  return new Promise((resolve, reject) => {
    const probe = net.createServer();
    probe.once('error', reject);
    probe.listen(0, '127.0.0.1', () => {
      const { port } = probe.address() as net.AddressInfo;
      probe.close(() => resolve(port));
    });
  });
}

export interface BenchMember {
  userId: string;
  organizationId: string;
  token: string;
  claims: Record<string, unknown>;
}

/** A confirmed user with their own workspace (sign-up's trigger) and an access token of a live session. */
export async function createMember(sql: Sql, jwtSecret: string, label: string): Promise<BenchMember> {
  const user = await insertUser(sql, {
    email: `${label}@bench.example.com`,
    passwordHash: UNUSABLE_HASH,
    userMetadata: { first_name: 'Bench', last_name: label, company_name: `Bench ${label}` },
    confirmed: true,
  });
  const [profile] = await sql<{ organization_id: string }[]>`select organization_id from public.profiles where user_id = ${user.id}`;
  const [session] = await sql<{ id: string }[]>`insert into auth.sessions (user_id) values (${user.id}) returning id`;
  const now = Math.floor(Date.now() / 1000);
  const claims = {
    iss: 'http://127.0.0.1/auth/v1', sub: user.id, aud: 'authenticated', exp: now + 3600, iat: now, email: user.email, phone: '',
    app_metadata: { provider: 'email', providers: ['email'] }, user_metadata: {}, role: 'authenticated', aal: 'aal1',
    amr: [{ method: 'password', timestamp: now }], session_id: session!.id, is_anonymous: false,
  };
  return { userId: user.id, organizationId: profile!.organization_id, token: await signJwt(claims, jwtSecret), claims };
}

/** The real server process on `dbUrl`, resolved once it says it is ready. */
export async function startServerProcess(dbUrl: string, dataDir: string, port: number, jwtSecret: string): Promise<ChildProcess> {
  const server = spawn(process.execPath, ['--import', 'tsx', path.join(ROOT_DIR, 'server/src/main.ts')], {
    cwd: ROOT_DIR,
    env: { ...process.env, DATABASE_URL: dbUrl, DATA_DIR: dataDir, PORT: String(port), HOST: '127.0.0.1', JWT_SECRET: jwtSecret, LOG_LEVEL: 'warn', ADMIN_PASSWORD: 'bench-admin-password', NODE_ENV: 'production' },
    stdio: ['ignore', 'pipe', 'pipe'],
  });
  let output = '';
  await new Promise<void>((resolve, reject) => {
    const onData = (chunk: Buffer) => {
      output += chunk.toString();
      if (output.includes('Ready on')) resolve();
    };
    server.stdout!.on('data', onData);
    server.stderr!.on('data', onData);
    server.once('exit', (code) => reject(new Error(`server exited (${code}):\n${output}`)));
  });
  return server;
}

export async function stopServerProcess(server: ChildProcess | undefined): Promise<void> {
  if (!server) return;
  server.kill('SIGTERM');
  if (server.exitCode === null) await new Promise((resolve) => server.once('exit', resolve));
}

/** p50 and p99 of a list of durations in ms. */
export function percentiles(samples: number[]): { p50: number; p99: number } {
  const sorted = [...samples].sort((a, b) => a - b);
  const at = (q: number) => sorted[Math.min(sorted.length - 1, Math.ceil(q * sorted.length) - 1)] ?? NaN;
  return { p50: at(0.5), p99: at(0.99) };
}
