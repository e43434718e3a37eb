import { mkdtemp, rm, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { isProcessAlive, parsePostmasterPid, runningPostmaster } from './postmaster';

const pidFile = (pid: string, port: string) => `${pid}\n/data/postgres\n1763800000\n${port}\n\n127.0.0.1\n  1234567     0\nready   \n`;

describe('parsePostmasterPid', () => {
  it.each([
    ['a running server', pidFile('4242', '54321'), { pid: 4242, port: 54321 }],
    ['surrounding spaces', pidFile(' 7 ', ' 5432 '), { pid: 7, port: 5432 }],
    ['no port yet (starting up)', '4242\n/data\n1763800000\n', null],
    ['an empty file', '', null],
    ['a port out of range', pidFile('4242', '70000'), null],
    ['a negative pid', pidFile('-1', '5432'), null],
    ['not numbers', pidFile('abc', 'def'), null],
  ])('%s', (_, text, expected) => {
    expect(parsePostmasterPid(text)).toEqual(expected);
  });
});

describe('runningPostmaster', () => {
  let dir: string;
  beforeAll(async () => {
    dir = await mkdtemp(path.join(tmpdir(), 'bb-postmaster-'));
  });
  afterAll(async () => {
    await rm(dir, { recursive: true, force: true });
  });

  it('is null without a pid file', async () => {
    expect(await runningPostmaster(path.join(dir, 'missing'))).toBeNull();
  });

  it('finds a live process', async () => {
    await writeFile(path.join(dir, 'postmaster.pid'), pidFile(String(process.pid), '5432'));
    expect(await runningPostmaster(dir)).toEqual({ pid: process.pid, port: 5432 });
  });

  it('ignores a stale pid file', async () => {
    // Above the kernel's pid_max (4194304 at most): no such process.
    await writeFile(path.join(dir, 'postmaster.pid'), pidFile('99999999', '5432'));
    expect(isProcessAlive(99999999)).toBe(false);
    expect(await runningPostmaster(dir)).toBeNull();
  });
});
