// What the benches share (shared/design/measuring.md): pinning the server side to CPU 0 and the load to CPU 1,
// percentiles, and the real server process over a bench database.
import { spawn, spawnSync, type ChildProcess } from 'node:child_process';
import { cpus } from 'node:os';
import path from 'node:path';
import { freePort } from '../server/src/db/embedded';
import { ROOT_DIR } from '../server/src/server';

export function has(command: string): boolean {
  return spawnSync('sh', ['-c', `command -v ${command}`], { stdio: 'ignore' }).status === 0;
}

export const canPin = has('taskset') && cpus().length >= 2;

/** The command (and arguments) run on one CPU when taskset exists, else as it is. */
export const pin = (cpu: number, command: string, args: string[]): [string, string[]] =>
  canPin ? ['taskset', ['-c', String(cpu), command, ...args]] : [command, args];

/**
 * Re-runs the calling script on CPU 0 (the embedded PostgreSQL and the server it starts inherit the pinning) and
 * exits with its status; returns when already pinned or pinning is impossible.
 */
export function runPinnedToCpu0(): void {
  if (process.env.BENCH_PINNED || !canPin) return;
  const [command, args] = pin(0, process.execPath, [...process.execArgv, ...process.argv.slice(1)]);
  const child = spawnSync(command, args, { stdio: 'inherit', env: { ...process.env, BENCH_PINNED: '1' } });
  process.exit(child.status ?? 1);
}

export function percentile(sorted: readonly number[], p: number): number {
  if (!sorted.length) return NaN;
  return sorted[Math.min(sorted.length - 1, Math.floor((p / 100) * sorted.length))]!;
}

export interface BenchServer {
  url: string;
  stop(): Promise<void>;
}

/** The real server process (production mode) on a free port over `databaseUrl`, once it says it is ready. */
export async function startBenchServer(options: { databaseUrl: string; dataDir: string; jwtSecret: string; env?: Record<string, string> }): Promise<BenchServer> {
  const port = await freePort();
  const server: ChildProcess = spawn(process.execPath, ['--import', 'tsx', path.join(ROOT_DIR, 'server/src/main.ts')], {
    cwd: ROOT_DIR,
    env: {
      ...process.env, DATABASE_URL: options.databaseUrl, DATA_DIR: options.dataDir, PORT: String(port), HOST: '127.0.0.1',
      JWT_SECRET: options.jwtSecret, LOG_LEVEL: 'warn', ADMIN_PASSWORD: 'bench-admin-password', NODE_ENV: 'production', ...options.env,
    },
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
  return {
    url: `http://127.0.0.1:${port}`,
    async stop() {
      server.kill('SIGTERM');
      if (server.exitCode === null) await new Promise((resolve) => server.once('exit', resolve));
    },
  };
}
