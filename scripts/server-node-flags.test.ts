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
