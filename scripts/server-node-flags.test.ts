import { execFileSync } from 'node:child_process';
import { readFileSync } from 'node:fs';
import path from 'node:path';
import { describe, expect, it } from 'vitest';
import { ROOT_DIR } from '../server/src/project-paths';
import { serverNodeFlags } from './bench-support';

/**
 * The server runs with a young generation of 32 MB semispaces (decision 0007: half the garbage-collection pauses
 * per request of Node's default 16 MB, each pause stalling every request in flight), however it is started, and
 * `npm run bench:api` measures it with the same flags.
 */
describe('the server’s Node flags', () => {
  const scripts = (JSON.parse(readFileSync(path.join(ROOT_DIR, 'package.json'), 'utf8')) as { scripts: Record<string, string> }).scripts;

  it('npm start and npm run serve give the server the young generation of decision 0007', () => {
    expect(scripts.start).toBe('node --max-semi-space-size=32 scripts/start.mjs');
    expect(scripts.serve).toBe('tsx --max-semi-space-size=32 server/src/main.ts');
  });

  it('the bench starts its server process with npm start’s flags', () => {
    expect(serverNodeFlags()).toEqual(['--max-semi-space-size=32']);
  });
});

/**
 * The worker (`npm run worker`, issue 28: under 150 MB while it sends a campaign) runs with a heap limit of 256 MB of
 * old generation. Not to stop it near 256 MB (its live heap is ~26 MB while it sends; a crawl's 5 MB page fits many
 * times): with a limit at or below 256 MB V8 grows the heap by its smallest factor (1.3 × the live size after a full
 * collection instead of up to 4 × on a machine with gigabytes; V8's MemoryController::MaxGrowingFactor), so garbage
 * does not pile up between collections when the machine is busy. Decision 0013, "Session 11".
 */
describe('the worker’s Node flags', () => {
  const scripts = (JSON.parse(readFileSync(path.join(ROOT_DIR, 'package.json'), 'utf8')) as { scripts: Record<string, string> }).scripts;
  const flags = scripts.worker!.split(/\s+/).filter((word) => word.startsWith('--'));

  it('give V8 a heap limit in its small-heap range, with room above the live heap', () => {
    const limit = Number(execFileSync(process.execPath, [...flags, '-p', "require('v8').getHeapStatistics().heap_size_limit"], { encoding: 'utf8' }));
    const mb = limit / 1024 / 1024;
    expect(mb).toBeGreaterThan(200);
    expect(mb).toBeLessThanOrEqual(300);
  });
});
