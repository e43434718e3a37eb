// What the bench scripts share: CPU pinning (shared/design/measuring.md), wrk runs, the real server process,
// and CPU time read from /proc (who spent the core: the server or PostgreSQL).
import { execFileSync, spawn, spawnSync, type ChildProcess } from 'node:child_process';
import { readdirSync, readFileSync } from 'node:fs';
import net from 'node:net';
import { cpus } from 'node:os';
import path from 'node:path';
import type { Sql } from '../server/src/db/client';
import { signJwt } from '../server/src/lib/jwt';
import { ROOT_DIR } from '../server/src/project-paths';

export function has(command: string): boolean {
  return spawnSync('sh', ['-c', `command -v ${command}`], { stdio: 'ignore' }).status === 0;
}

export const canPin = has('taskset') && cpus().length >= 2;

export const pin = (cpu: number, command: string, args: string[]): [string, string[]] =>
  canPin ? ['taskset', ['-c', String(cpu), command, ...args]] : [command, args];

/**
 * Re-runs the calling script on CPU 0 (once) and exits with its status: the embedded PostgreSQL and the server
 * it starts inherit the pinning; load generators are pinned to CPU 1.
 */
export function pinSelfToCpu0(): void {
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

export function percentile(sorted: number[], p: number): number {
  if (!sorted.length) return NaN;
  return sorted[Math.min(sorted.length - 1, Math.floor((p / 100) * sorted.length))]!;
}

export interface Figures {
  rps: number;
  p50: number;
  p99: number;
  errors: number;
}

/** `wrk -t1 --latency` pinned to CPU 1; latencies in milliseconds. */
export function runWrk(url: string, headers: Record<string, string>, connections: number, seconds: number): Figures {
  const headerArgs = Object.entries(headers).flatMap(([name, value]) => ['-H', `${name}: ${value}`]);
  const [command, args] = pin(1, 'wrk', ['-t1', `-c${connections}`, `-d${seconds}s`, '--latency', ...headerArgs, url]);
  const output = execFileSync(command, args, { encoding: 'utf8' });
  const toMs = (value: string, unit: string) => Number(value) * ({ us: 0.001, ms: 1, s: 1000 } as Record<string, number>)[unit]!;
  const latency = (p: string) => {
    const match = new RegExp(`^\\s*${p}%\\s+([\\d.]+)(us|ms|s)\\s*$`, 'm').exec(output);
    return match ? toMs(match[1]!, match[2]!) : NaN;
  };
  const non2xx = Number(/Non-2xx or 3xx responses: (\d+)/.exec(output)?.[1] ?? 0);
  const socketErrors = /Socket errors: connect (\d+), read (\d+), write (\d+), timeout (\d+)/.exec(output);
  const errors = non2xx + (socketErrors ? socketErrors.slice(1).reduce((sum, n) => sum + Number(n), 0) : 0);
  return { rps: Number(/Requests\/sec:\s+([\d.]+)/.exec(output)?.[1]), p50: latency('50'), p99: latency('99'), errors };
}

/**
 * The Node flags `npm start` gives the server (package.json's `start` script: the young generation's size,
 * decision 0007), so the bench measures the server as it runs.
 */
export function serverNodeFlags(): string[] {
  const scripts = (JSON.parse(readFileSync(path.join(ROOT_DIR, 'package.json'), 'utf8')) as { scripts: Record<string, string> }).scripts;
  return (/^node\s+(.*?)\s*scripts\/start\.mjs$/.exec(scripts.start ?? '')?.[1] ?? '').split(/\s+/).filter((flag) => flag.startsWith('--'));
}

export interface ServerProcess {
  child: ChildProcess;
  url: string;
  stop(): Promise<void>;
}

/**
 * The real server (`server/src/main.ts`) as its own process over `databaseUrl`, with `npm start`'s Node flags
 * (a later one of the same name wins). `BENCH_SERVER_NODE_ARGS` adds
 * node flags to it only, e.g. `--cpu-prof --cpu-prof-dir=/tmp/prof` (the profile is written when it stops);
 * `BENCH_SERVER_ROOT` runs the server of another checkout (before/after comparisons in the same conditions);
 * `env` adds or overrides its variables (bench:analytics: TRUST_PROXY).
 */
export async function startServerProcess(options: {
  databaseUrl: string;
  dataDir: string;
  jwtSecret: string;
  env?: Record<string, string>;
  /** Node flags before BENCH_SERVER_NODE_ARGS' (bench:api: `--import` of its probe). */
  nodeArgs?: string[];
}): Promise<ServerProcess> {
  const port = await freePort();
  const nodeArgs = [...serverNodeFlags(), ...(options.nodeArgs ?? []), ...(process.env.BENCH_SERVER_NODE_ARGS ?? '').split(' ').filter(Boolean)];
  const root = process.env.BENCH_SERVER_ROOT ?? ROOT_DIR;
  const child = spawn(process.execPath, ['--import', 'tsx', ...nodeArgs, path.join(root, 'server/src/main.ts')], {
    cwd: root,
    env: {
      ...process.env,
      DATABASE_URL: options.databaseUrl,
      DATA_DIR: options.dataDir,
      PORT: String(port),
      HOST: '127.0.0.1',
      JWT_SECRET: options.jwtSecret,
      LOG_LEVEL: 'warn',
      ADMIN_PASSWORD: 'bench-admin-password',
      NODE_ENV: 'production',
      ...options.env,
    },
    stdio: ['ignore', 'pipe', 'pipe'],
  });
  let output = '';
  await new Promise<void>((resolve, reject) => {
    const onData = (chunk: Buffer) => {
      output += chunk.toString();
      if (output.includes('Ready on')) resolve();
    };
    child.stdout!.on('data', onData);
    child.stderr!.on('data', onData);
    child.once('exit', (code) => reject(new Error(`server exited (${code}):\n${output}`)));
  });
  return {
    child,
    url: `http://127.0.0.1:${port}`,
    async stop() {
      child.kill('SIGTERM');
      if (child.exitCode === null) await new Promise((resolve) => child.once('exit', resolve));
    },
  };
}

const TICKS_PER_SECOND = 100;

function statOf(pid: number): string[] | null {
  try {
    const text = readFileSync(`/proc/${pid}/stat`, 'utf8');
    // Fields after the command name, which is in parentheses and may contain spaces.
    return text.slice(text.lastIndexOf(')') + 2).split(' ');
  } catch {
    return null;
  }
}

/** User + system CPU seconds of a process (its own threads; `withChildren` adds children it has waited for). */
export function cpuSeconds(pid: number, withChildren = false): number {
  const fields = statOf(pid);
  if (!fields) return 0;
  // Fields 14-17 of /proc/pid/stat (utime, stime, cutime, cstime) are at 11-14 after the command name.
  const own = Number(fields[11]) + Number(fields[12]);
  const children = withChildren ? Number(fields[13]) + Number(fields[14]) : 0;
  return (own + children) / TICKS_PER_SECOND;
}

/** CPU seconds of a PostgreSQL postmaster and all its current backends (exited backends through the postmaster). */
export function postgresCpuSeconds(postmasterPid: number): number {
  let total = cpuSeconds(postmasterPid, true);
  for (const entry of readdirSync('/proc')) {
    if (!/^\d+$/.test(entry)) continue;
    const fields = statOf(Number(entry));
    if (fields && Number(fields[1]) === postmasterPid) total += cpuSeconds(Number(entry));
  }
  return total;
}

/** The postmaster's pid, from the first line of `postmaster.pid` in its data directory. */
export function postmasterPid(dataDirectory: string): number {
  return Number(readFileSync(path.join(dataDirectory, 'postmaster.pid'), 'utf8').split('\n')[0]);
}

/** The 1-minute load average, to say how busy the machine was. */
export function loadAverage(): string {
  return readFileSync('/proc/loadavg', 'utf8').split(' ').slice(0, 3).join(' ');
}

/** A session of `userId` and the access token the auth server would issue for it (claims as GoTrue writes them). */
export async function sessionToken(sql: Sql, user: { id: string; email: string }, jwtSecret: string): Promise<{ token: string; claims: Record<string, unknown> }> {
  const [session] = await sql<{ id: string }[]>`insert into auth.sessions (user_id) values (${user.id}) returning id`;
  const now = Math.floor(Date.now() / 1000);
  const claims = {
    iss: 'http://127.0.0.1/auth/v1', sub: user.id, aud: 'authenticated', exp: now + 3600, iat: now, email: user.email, phone: '',
    app_metadata: { provider: 'email', providers: ['email'] }, user_metadata: {}, role: 'authenticated', aal: 'aal1',
    amr: [{ method: 'password', timestamp: now }], session_id: session!.id, is_anonymous: false,
  };
  return { token: await signJwt(claims, jwtSecret), claims };
}
