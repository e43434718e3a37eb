import { chmod, mkdtemp, rm, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { isProcessAlive } from './postmaster';
import { PostmasterStartError, spawnPostmaster } from './postmaster-process';

let dir: string;

async function fakePostgres(name: string, script: string): Promise<string> {
  const file = path.join(dir, name);
  await writeFile(file, `#!/bin/sh\n${script}\n`);
  await chmod(file, 0o755);
  return file;
}

const options = (binary: string, readyTimeoutMs = 5000) => ({
  binary,
  databaseDir: path.join(dir, 'data'),
  port: 5432,
  flags: [],
  onLine: () => {},
  readyTimeoutMs,
});

beforeAll(async () => {
  dir = await mkdtemp(path.join(tmpdir(), 'bb-postmaster-process-'));
});

afterAll(async () => {
  await rm(dir, { recursive: true, force: true });
});

describe('spawnPostmaster', () => {
  it('gives up after the start timeout with a clear error', async () => {
    const binary = await fakePostgres('never-ready', 'echo "LOG:  starting PostgreSQL" >&2\nexec sleep 60');
    const attempt = spawnPostmaster(options(binary, 300));
    await expect(attempt).rejects.toThrow(PostmasterStartError);
    const error = (await attempt.catch((e: unknown) => e)) as PostmasterStartError;
    expect(error.message).toBe('it did not accept connections within 0 s');
    expect(error.lines).toEqual(['LOG:  starting PostgreSQL']);
  });

  it('reports an exit before accepting connections with the last lines PostgreSQL wrote', async () => {
    const binary = await fakePostgres('fails', 'echo "FATAL:  lock file \\"postmaster.pid\\" already exists" >&2\nexit 1');
    const error = (await spawnPostmaster(options(binary)).catch((e: unknown) => e)) as PostmasterStartError;
    expect(error.message).toBe('it exited (code 1) before accepting connections');
    expect(error.lines).toEqual(['FATAL:  lock file "postmaster.pid" already exists']);
  });

  it('is ready when postmaster.pid says so, and stop() ends it', async () => {
    const data = path.join(dir, 'data');
    const binary = await fakePostgres(
      'ready',
      `mkdir -p ${data}\nprintf '%s\\n' $$ ${data} 0 5432 '' 127.0.0.1 '0 0' 'ready   ' > ${data}/postmaster.pid\ntrap 'exit 0' INT\nwhile true; do sleep 0.05; done`,
    );
    const postmaster = await spawnPostmaster(options(binary));
    expect(postmaster.isRunning()).toBe(true);
    await postmaster.stop();
    expect(postmaster.isRunning()).toBe(false);
    expect(isProcessAlive(postmaster.pid)).toBe(false);
  });
});
