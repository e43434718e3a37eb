import { mkdir, mkdtemp, rm, stat } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { ConfigError } from '../config';
import { openPathForPostgresUser } from './embedded';

const mode = async (dir: string) => (await stat(dir)).mode & 0o777;

let outer: string; // mkdtemp: 0700, like a private `mktemp -d` folder

beforeEach(async () => {
  outer = await mkdtemp(path.join(tmpdir(), 'bb-embedded-'));
});

afterEach(async () => {
  await rm(outer, { recursive: true, force: true });
});

describe('openPathForPostgresUser (as root, PostgreSQL runs as the postgres system user)', () => {
  it('makes closed folders of the project enterable by others (o+x only), and says so', async () => {
    const binDir = path.join(outer, 'node_modules', 'pg', 'bin');
    await mkdir(binDir, { recursive: true, mode: 0o700 });
    const log = vi.fn();
    await openPathForPostgresUser(path.join(binDir, 'postgres'), 'PostgreSQL binary', log, outer);
    expect(await mode(outer)).toBe(0o701);
    expect(await mode(binDir)).toBe(0o701);
    expect(log).toHaveBeenCalledWith(`made ${outer} enterable (o+x) for the postgres system user`);
  });

  it('leaves open folders as they are', async () => {
    const log = vi.fn();
    await openPathForPostgresUser(path.join(tmpdir(), 'anything'), 'data directory', log, outer);
    expect(log).not.toHaveBeenCalled();
  });

  it('refuses, with the way out, when a closed folder lies above the project', async () => {
    const project = path.join(outer, 'project');
    await mkdir(project, { mode: 0o755 });
    const attempt = openPathForPostgresUser(path.join(project, '.data', 'postgres'), 'data directory', () => {}, project);
    await expect(attempt).rejects.toThrow(ConfigError);
    await expect(attempt).rejects.toThrow(`which the postgres system user cannot enter (running as root)`);
    expect(await mode(outer)).toBe(0o700);
  });
});
