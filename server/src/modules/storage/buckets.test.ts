import { mkdir, mkdtemp, readFile, rm, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { readBucket, seedStorage, storageRoot } from './buckets';

let dir: string;
let seed: string;

beforeEach(async () => {
  dir = await mkdtemp(path.join(tmpdir(), 'bb-storage-'));
  seed = path.join(dir, 'seed');
  await mkdir(path.join(seed, 'audio'), { recursive: true });
  await writeFile(path.join(seed, 'audio', 'clip.mp3'), 'seed bytes');
});

afterEach(async () => {
  await rm(dir, { recursive: true, force: true });
});

describe('seedStorage', () => {
  it('copies the shipped objects and records the bucket as public', async () => {
    const data = path.join(dir, 'data');
    expect((await seedStorage(data, seed)).copied).toEqual(['audio/clip.mp3']);
    expect(await readFile(path.join(storageRoot(data), 'audio', 'clip.mp3'), 'utf8')).toBe('seed bytes');
    expect(await readBucket(storageRoot(data), 'audio')).toEqual({ public: true, cacheControl: 'max-age=3600' });
  });

  it('never overwrites an existing object or buckets.json', async () => {
    const data = path.join(dir, 'data');
    await mkdir(path.join(storageRoot(data), 'audio'), { recursive: true });
    await writeFile(path.join(storageRoot(data), 'audio', 'clip.mp3'), 'replaced by the operator');
    await writeFile(path.join(storageRoot(data), 'buckets.json'), '{"audio":{"public":false}}');
    expect((await seedStorage(data, seed)).copied).toEqual([]);
    expect(await readFile(path.join(storageRoot(data), 'audio', 'clip.mp3'), 'utf8')).toBe('replaced by the operator');
    expect(await readBucket(storageRoot(data), 'audio')).toEqual({ public: false, cacheControl: 'max-age=3600' });
  });
});

describe('readBucket', () => {
  it('is undefined for unknown buckets, a missing or an invalid file', async () => {
    const root = path.join(dir, 'root');
    await mkdir(root);
    expect(await readBucket(root, 'audio')).toBeUndefined();
    await writeFile(path.join(root, 'buckets.json'), 'not json');
    expect(await readBucket(root, 'audio')).toBeUndefined();
    await writeFile(path.join(root, 'buckets.json'), '{"audio":{"public":true}}');
    expect(await readBucket(root, 'other')).toBeUndefined();
    expect(await readBucket(root, '__proto__')).toBeUndefined();
  });
});
