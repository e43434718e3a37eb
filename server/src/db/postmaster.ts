import { readFile, rm, writeFile } from 'node:fs/promises';
import path from 'node:path';

/** A PostgreSQL server that holds a data directory: its process id and TCP port. */
export interface Postmaster {
  pid: number;
  port: number;
}

/**
 * PostgreSQL's `postmaster.pid`: line 1 the process id, line 2 the data directory, line 3 the start time,
 * line 4 the port (then socket directory, listen address, shared memory key, status).
 */
export function parsePostmasterPid(text: string): Postmaster | null {
  const lines = text.split('\n');
  const pid = Number(lines[0]?.trim());
  const port = Number(lines[3]?.trim());
  if (!Number.isInteger(pid) || pid <= 0 || !Number.isInteger(port) || port <= 0 || port > 65535) return null;
  return { pid, port };
}

/** Line 8 of `postmaster.pid` (PostgreSQL 10+): `starting`, `ready`, `standby` or `stopping`, as pg_ctl reads it. */
export function postmasterStatus(text: string): string | null {
  return text.split('\n')[7]?.trim() || null;
}

/** Whether a process with this id exists (EPERM: it does, but belongs to another user, e.g. `postgres`). */
export function isProcessAlive(pid: number): boolean {
  try {
    process.kill(pid, 0);
    return true;
  } catch (error) {
    return (error as NodeJS.ErrnoException).code === 'EPERM';
  }
}

async function readPidFile(databaseDir: string): Promise<string | null> {
  try {
    return await readFile(path.join(databaseDir, 'postmaster.pid'), 'utf8');
  } catch (error) {
    if ((error as NodeJS.ErrnoException).code === 'ENOENT') return null;
    throw error;
  }
}

/** The PostgreSQL running on a data directory, or null (no pid file, or a stale one). */
export async function runningPostmaster(databaseDir: string): Promise<Postmaster | null> {
  const text = await readPidFile(databaseDir);
  const found = text === null ? null : parsePostmasterPid(text);
  return found && isProcessAlive(found.pid) ? found : null;
}

/** Whether the postmaster `pid` of this data directory says it accepts connections. */
export async function isPostmasterReady(databaseDir: string, pid: number): Promise<boolean> {
  const text = await readPidFile(databaseDir).catch(() => null);
  return text !== null && parsePostmasterPid(text)?.pid === pid && postmasterStatus(text) === 'ready';
}

/** The parent process id from /proc (Linux), or null where there is no /proc or the process is gone. */
export async function parentPid(pid: number): Promise<number | null> {
  try {
    const stat = await readFile(`/proc/${pid}/stat`, 'utf8');
    // "pid (comm) state ppid …": comm may contain spaces and parentheses, so read after the last ")".
    const ppid = Number(stat.slice(stat.lastIndexOf(')') + 2).split(' ')[1]);
    return Number.isInteger(ppid) ? ppid : null;
  } catch {
    return null;
  }
}

/**
 * Who started the PostgreSQL of a data directory: the server (or command) process that spawned it writes
 * its pid to `<databaseDir>.owner` before the spawn and removes the file after a clean stop.
 */
export function ownerFile(databaseDir: string): string {
  return `${databaseDir}.owner`;
}

export async function writeOwner(databaseDir: string, pid = process.pid): Promise<void> {
  await writeFile(ownerFile(databaseDir), `${pid}\n`);
}

export async function removeOwner(databaseDir: string): Promise<void> {
  await rm(ownerFile(databaseDir), { force: true });
}

/**
 * The live process that owns the running postmaster, or null when it is orphaned: its owner died (kill -9,
 * out-of-memory killer) and left it running. A postmaster's parent is the process that spawned it for as
 * long as that process lives, so "the recorded owner is alive and is still its parent" means a live server.
 * Without /proc (not Linux) a live recorded owner is taken at its word.
 */
export async function liveOwner(databaseDir: string, postmaster: Postmaster): Promise<number | null> {
  const text = await readFile(ownerFile(databaseDir), 'utf8').catch(() => null);
  const owner = Number(text?.trim());
  if (!Number.isInteger(owner) || owner <= 0 || !isProcessAlive(owner)) return null;
  const parent = await parentPid(postmaster.pid);
  return parent === null || parent === owner ? owner : null;
}

const sleep = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));

async function waitForExit(pid: number, ms: number): Promise<boolean> {
  const until = Date.now() + ms;
  while (Date.now() < until) {
    if (!isProcessAlive(pid)) return true;
    await sleep(25);
  }
  return !isProcessAlive(pid);
}

/**
 * Stops a postmaster that is not our child: fast shutdown (SIGINT: sessions end, a checkpoint is written),
 * then immediate shutdown (SIGQUIT: crash recovery at the next start), then SIGKILL. Resolves once it is gone.
 */
export async function stopPostmasterProcess(pid: number, fastMs = 5000, immediateMs = 2000): Promise<void> {
  const steps: [NodeJS.Signals, number][] = [
    ['SIGINT', fastMs],
    ['SIGQUIT', immediateMs],
    ['SIGKILL', 1000],
  ];
  for (const [signal, ms] of steps) {
    try {
      process.kill(pid, signal);
    } catch {
      return; // already gone
    }
    if (await waitForExit(pid, ms)) return;
  }
}
