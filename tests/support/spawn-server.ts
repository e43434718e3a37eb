import { spawn, type ChildProcess } from 'node:child_process';
import { readdirSync, readFileSync } from 'node:fs';
import path from 'node:path';
import { ROOT_DIR } from '../../server/src/project-paths';

export interface ServerProcess {
  child: ChildProcess;
  output: () => string;
  /** Resolves with the URL once the server printed "Ready on …". */
  ready: Promise<string>;
  /** Resolves with the exit code. */
  exited: Promise<number | null>;
}

/** The real `server/src/main.ts` as a child process, as `npm start` runs it. */
export function spawnServer(env: Record<string, string>): ServerProcess {
  const child = spawn(process.execPath, ['--import', 'tsx', path.join(ROOT_DIR, 'server/src/main.ts')], {
    cwd: ROOT_DIR,
    env: { ...process.env, LOG_LEVEL: 'warn', ...env },
    stdio: ['ignore', 'pipe', 'pipe'],
  });
  let text = '';
  const exited = new Promise<number | null>((resolve) => child.on('exit', (code) => resolve(code)));
  const ready = new Promise<string>((resolve, reject) => {
    const onData = (chunk: Buffer) => {
      text += chunk.toString();
      const match = /Ready on (http:\/\/\S+)/.exec(text);
      if (match) resolve(match[1]!);
    };
    child.stdout!.on('data', onData);
    child.stderr!.on('data', onData);
    void exited.then((code) => reject(new Error(`server exited (${code}) before it was ready:\n${text}`)));
  });
  ready.catch(() => {});
  return { child, output: () => text, ready, exited };
}

/** Processes whose command line mentions `needle` (e.g. a data directory): none should outlive a shutdown. */
export function processesMentioning(needle: string): number[] {
  const found: number[] = [];
  for (const entry of readdirSync('/proc')) {
    if (!/^\d+$/.test(entry)) continue;
    try {
      const cmdline = readFileSync(`/proc/${entry}/cmdline`, 'utf8');
      if (cmdline.includes(needle)) found.push(Number(entry));
    } catch {
      // the process ended while we looked
    }
  }
  return found;
}
