import { execFileSync, spawn } from 'node:child_process';
import fs, { readFileSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { describe, expect, it } from 'vitest';
import { ROOT_DIR } from '../server/src/project-paths';

/**
 * CI runs the steps of the README's `npm test` itself (two of them side by side), so a step added to `npm test`
 * must reach `.ci/run` too, in the same order.
 */
const scripts = (JSON.parse(readFileSync(path.join(ROOT_DIR, 'package.json'), 'utf8')) as { scripts: Record<string, string> }).scripts;
const ciRun = readFileSync(path.join(ROOT_DIR, '.ci/run'), 'utf8');

/** CI's integration step: the integration tests against PostgreSQL 15 (or the embedded one), once. */
const INTEGRATION_SCRIPT = 'scripts/test-against-system-postgres.sh';

/** The `npm run <name>` steps of a command line, in order; the integration script counts as `test:integration`. */
function npmRunSteps(text: string): string[] {
  return [...text.matchAll(/npm run ([\w:-]+)|bash (\S+)/g)]
    .filter((match) => match[1] !== undefined || match[2] === INTEGRATION_SCRIPT)
    .map((match) => match[1] ?? 'test:integration');
}

const ciLines = ciRun.split('\n').filter((line) => !line.trimStart().startsWith('#'));

describe('.ci/run', () => {
  it('runs every step of npm test, in npm test’s order, each once', () => {
    const testSteps = npmRunSteps(scripts.test!);
    expect(testSteps).toEqual(['typecheck', 'lint', 'test:unit', 'test:integration', 'test:e2e']);
    const ciSteps = npmRunSteps(ciLines.join('\n'));
    expect(ciSteps.filter((step) => testSteps.includes(step))).toEqual(testSteps);
  });

  it('runs the integration tests through the PostgreSQL 15 script, which runs them on every path (PostgreSQL 15 or embedded)', () => {
    expect(ciLines.some((line) => /^\s*npm run test:integration/.test(line))).toBe(false);
    const script = readFileSync(path.join(ROOT_DIR, INTEGRATION_SCRIPT), 'utf8');
    const code = script.split('\n').filter((line) => !line.trimStart().startsWith('#'));
    // No way out of the script without the tests: each early exit runs them on the embedded PostgreSQL.
    expect(code.filter((line) => /\bexit 0\b/.test(line))).toEqual([]);
    expect(code.filter((line) => line.includes('exec npm run test:integration'))).toHaveLength(2);
    expect(code.filter(Boolean).at(-1)).toMatch(/^TEST_DATABASE_URL=.* npm run test:integration$/);
  });

  it('runs the hosted checks after the e2e tests (they use its build)', () => {
    const e2e = ciLines.findIndex((line) => line.includes('npm run test:e2e'));
    expect(e2e).toBeGreaterThan(-1);
    expect(ciLines.findIndex((line) => line.includes('scripts/test-hosted.sh'))).toBeGreaterThan(e2e);
  });
});

describe('scripts/side-by-side.sh', () => {
  const run = (...commands: string[]) => {
    try {
      return { status: 0, output: execFileSync('bash', [path.join(ROOT_DIR, 'scripts/side-by-side.sh'), ...commands], { encoding: 'utf8' }) };
    } catch (error) {
      const failed = error as { status: number; stdout: string };
      return { status: failed.status, output: failed.stdout };
    }
  };

  it('prints each command’s output in the order given, whichever ends first', () => {
    const { status, output } = run('sleep 0.3; echo first', 'echo second');
    expect(status).toBe(0);
    expect(output).toBe('── sleep 0.3; echo first (exit 0)\nfirst\n── echo second (exit 0)\nsecond\n');
  });

  it('fails when any command fails, after printing all of them', () => {
    const { status, output } = run('echo fine', 'echo broken; exit 3');
    expect(status).toBe(1);
    expect(output).toContain('── echo broken; exit 3 (exit 3)\nbroken\n');
    expect(run('exit 2', 'true').status).toBe(1);
  });

  it('stopped by SIGTERM (a time limit), stops the commands and prints what each wrote so far', async () => {
    const marker = path.join(os.tmpdir(), `side-by-side-${process.pid}-${Date.now()}`);
    const child = spawn('bash', [path.join(ROOT_DIR, 'scripts/side-by-side.sh'), 'echo hanging; sleep 30; echo never', `echo quick; touch ${marker}`]);
    let output = '';
    child.stdout.on('data', (chunk: Buffer) => (output += chunk.toString()));
    const ended = new Promise<number | null>((resolve) => child.on('close', (code) => resolve(code)));
    while (!fs.existsSync(marker)) await new Promise((resolve) => setTimeout(resolve, 20));
    await new Promise((resolve) => setTimeout(resolve, 100));
    child.kill('SIGTERM');
    expect(await ended).toBe(1);
    fs.rmSync(marker, { force: true });
    expect(output).toContain('── echo hanging; sleep 30; echo never (stopped by SIGTERM; its output so far)\nhanging\n');
    expect(output).toContain('quick\n');
    expect(output).not.toMatch(/^never$/m);
  });
});
