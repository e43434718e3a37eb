import { execFileSync } from 'node:child_process';
import { readdirSync } from 'node:fs';
import { fileURLToPath } from 'node:url';
import { describe, expect, it } from 'vitest';
import { loadTask } from './define-task';
import { taskRegistry } from './task-registry';

const here = fileURLToPath(new URL('.', import.meta.url));
const root = fileURLToPath(new URL('../../..', import.meta.url));

/**
 * Imports the given files in a new Node process (with tsx, as `npm start` and `npm run worker` do) and prints every
 * module it resolved: ES modules through a resolve hook, CommonJS ones from require's cache.
 */
const PROBE = `
import { register, createRequire } from 'node:module';
import { MessageChannel } from 'node:worker_threads';
import { pathToFileURL } from 'node:url';
const seen = new Set();
const { port1, port2 } = new MessageChannel();
port1.on('message', (url) => seen.add(url));
const hooks = 'let port; export function initialize(data) { port = data.port; }' +
  'export async function resolve(specifier, context, next) { const result = await next(specifier, context); port.postMessage(result.url); return result; }';
register('data:text/javascript,' + encodeURIComponent(hooks), { data: { port: port2 }, transferList: [port2] });
for (const file of process.argv.slice(1)) await import(pathToFileURL(file).href);
await new Promise((resolve) => setTimeout(resolve, 300));
port1.close();
for (const file of Object.keys(createRequire(import.meta.url).cache)) seen.add(pathToFileURL(file).href);
console.log(JSON.stringify([...seen]));
`;

function modulesLoadedBy(files: string[]): string[] {
  const out = execFileSync(process.execPath, ['--import', 'tsx', '--input-type=module', '-e', PROBE, ...files], { cwd: root, encoding: 'utf8' });
  return JSON.parse(out.trim().split('\n').at(-1)!) as string[];
}

describe('task registry', () => {
  it('lists every task module once, under the name and with the needs its module defines', async () => {
    const modules = readdirSync(`${here}/tasks`).filter((file) => file.endsWith('.ts') && !file.endsWith('.test.ts'));
    expect(taskRegistry).toHaveLength(modules.length);
    expect(new Set(taskRegistry.map((task) => task.name)).size).toBe(taskRegistry.length);
    for (const entry of taskRegistry) {
      const definition = await loadTask(entry);
      expect(definition.name, entry.name).toBe(entry.name);
      expect([...(definition.needs ?? [])], entry.name).toEqual([...(('needs' in entry ? entry.needs : undefined) ?? [])]);
    }
  });

  // The job runner starts in every `npm start` and `npm run worker`: a task's libraries (sharp, @atproto/api, the
  // e-mail renderer…) are loaded by its first job, so a process whose jobs never need them does not carry them.
  it('starting the runner loads no task module and none of their libraries', () => {
    const loaded = modulesLoadedBy([`${here}/job-runner.ts`, `${here}/task-registry.ts`]);
    expect(loaded.some((url) => url.endsWith('/server/src/jobs/job-runner.ts'))).toBe(true);
    const heavy = loaded.filter((url) =>
      /\/server\/src\/jobs\/tasks\/|\/node_modules\/(sharp|@atproto|react-dom|@react-email|markdown-it|sanitize-html|fastify)\//.test(url),
    );
    expect(heavy).toEqual([]);
  }, 60_000);
});
