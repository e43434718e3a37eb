import { mkdtemp, rm, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  isPostmasterReady,
  isProcessAlive,
  liveOwner,
  parentPid,
  parsePostmasterPid,
  postmasterStatus,
  runningPostmaster,
  writeOwner,
} from './postmaster';

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

describe('postmasterStatus', () => {
  it.each([
    ['ready', pidFile('1', '5432'), 'ready'],
    ['starting', pidFile('1', '5432').replace('ready   ', 'starting'), 'starting'],
    ['no status line yet', '4242\n/data\n1763800000\n5432\n', null],
  ])('%s', (_, text, expected) => {
    expect(postmasterStatus(text)).toBe(expected);
  });
});

describe('the owner of a running postmaster', () => {
  let dir: string;
  beforeAll(async () => {
    dir = await mkdtemp(path.join(tmpdir(), 'bb-owner-'));
  });
  afterAll(async () => {
    await rm(dir, { recursive: true, force: true });
  });

  it('reads the parent process id from /proc', async () => {
    expect(await parentPid(process.pid)).toBe(process.ppid);
    expect(await parentPid(99999999)).toBeNull();
  });

  it('is the recorded process when it is alive and still the parent', async () => {
    const data = path.join(dir, 'owned');
    // This test process stands for the postmaster: its parent is the recorded owner.
    await writeOwner(data, process.ppid);
    expect(await liveOwner(data, { pid: process.pid, port: 5432 })).toBe(process.ppid);
  });

  it('is nobody when the recorded owner is gone, is not the parent, or was never recorded', async () => {
    const gone = path.join(dir, 'gone');
    await writeOwner(gone, 99999999);
    expect(await liveOwner(gone, { pid: process.pid, port: 5432 })).toBeNull();
    const other = path.join(dir, 'other');
    await writeOwner(other, process.pid); // alive, but not the parent of itself
    expect(await liveOwner(other, { pid: process.pid, port: 5432 })).toBeNull();
    expect(await liveOwner(path.join(dir, 'never'), { pid: process.pid, port: 5432 })).toBeNull();
  });

  it('knows a postmaster is ready only from its own pid file line saying so', async () => {
    const data = path.join(dir, 'ready');
    await import('node:fs/promises').then((fs) => fs.mkdir(data));
    await writeFile(path.join(data, 'postmaster.pid'), pidFile('4242', '5432'));
    expect(await isPostmasterReady(data, 4242)).toBe(true);
    expect(await isPostmasterReady(data, 4243)).toBe(false);
    await writeFile(path.join(data, 'postmaster.pid'), pidFile('4242', '5432').replace('ready   ', 'starting'));
    expect(await isPostmasterReady(data, 4242)).toBe(false);
    expect(await isPostmasterReady(path.join(dir, 'missing'), 4242)).toBe(false);
  });
});
