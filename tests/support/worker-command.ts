import { readFileSync } from 'node:fs';
import path from 'node:path';
import { ROOT_DIR } from '../../server/src/project-paths';

/**
 * The arguments `npm run worker` gives node (package.json's "worker" script: its flags and scripts/worker.mjs), for
 * the benches, the chaos run and the tests that start a worker process: they start the process users run, with
 * the same memory settings, not a look-alike.
 */
export function workerNodeArgs(): string[] {
  const scripts = (JSON.parse(readFileSync(path.join(ROOT_DIR, 'package.json'), 'utf8')) as { scripts: Record<string, string> }).scripts;
  const [command, ...args] = scripts.worker!.trim().split(/\s+/);
  if (command !== 'node') throw new Error(`package.json's worker script must start with node: ${scripts.worker}`);
  return args.map((arg) => (arg.startsWith('-') ? arg : path.join(ROOT_DIR, arg)));
}
