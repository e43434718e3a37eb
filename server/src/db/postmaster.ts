import { readFile } from 'node:fs/promises';
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

/** Whether a process with this id exists (EPERM: it does, but belongs to another user, e.g. `postgres`). */
export function isProcessAlive(pid: number): boolean {
  try {
    process.kill(pid, 0);
    return true;
  } catch (error) {
    return (error as NodeJS.ErrnoException).code === 'EPERM';
  }
}

/** The PostgreSQL running on a data directory, or null (no pid file, or a stale one). */
export async function runningPostmaster(databaseDir: string): Promise<Postmaster | null> {
  let text: string;
  try {
    text = await readFile(path.join(databaseDir, 'postmaster.pid'), 'utf8');
  } catch (error) {
    if ((error as NodeJS.ErrnoException).code === 'ENOENT') return null;
    throw error;
  }
  const found = parsePostmasterPid(text);
  return found && isProcessAlive(found.pid) ? found : null;
}
