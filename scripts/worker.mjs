// `npm run worker`: the job runner alone (server/src/jobs/worker-main.ts), run from a bundle of plain JavaScript
// that esbuild makes when the server's sources are newer than the last one (about a second). Not through tsx, as
// `npm start` runs the server: tsx's module hooks run in a thread of their own with its own JavaScript heap, ~33 MB
// resident for nothing a worker needs (issue 28: a worker sending a campaign stays under 150 MB;
// docs/decisions/0013-job-runner.md, "Session 10"). Task modules stay separate chunks, loaded by their first job.
import { randomBytes } from 'node:crypto';
import { existsSync, mkdirSync, readdirSync, renameSync, rmSync } from 'node:fs';
import path from 'node:path';
import { pathToFileURL } from 'node:url';
import { newestMtime, root } from './build-stamp.mjs';

/** What the worker's code is made of (its e-mail templates and the social networks' rules are in src/). */
const inputs = ['server/src', 'src', 'package-lock.json', 'tsconfig.node.json', 'scripts/worker.mjs', 'scripts/build-stamp.mjs'];
/**
 * Bundles live in server/worker-build/<newest input's mtime>/ (the server finds the repository from there as from
 * server/src: server/src/project-paths.ts). Each is written under another name and renamed into place, so workers
 * starting together never load a half-written one.
 */
const buildsDir = path.join(root, 'server/worker-build');
const KEPT_BUILDS = 5;

export async function workerBundle() {
  const version = String(Math.floor(Math.max(...inputs.map((input) => newestMtime(path.join(root, input))))));
  const target = path.join(buildsDir, version);
  if (existsSync(path.join(target, 'worker-main.js'))) return path.join(target, 'worker-main.js');
  const { build } = await import('esbuild');
  const scratch = path.join(buildsDir, `.${version}-${randomBytes(4).toString('hex')}`);
  mkdirSync(scratch, { recursive: true });
  await build({
    entryPoints: [path.join(root, 'server/src/jobs/worker-main.ts')],
    outdir: scratch,
    bundle: true,
    splitting: true,
    format: 'esm',
    platform: 'node',
    target: 'node20',
    packages: 'external',
    tsconfig: path.join(root, 'tsconfig.node.json'),
    logLevel: 'warning',
  });
  try {
    renameSync(scratch, target);
  } catch {
    rmSync(scratch, { recursive: true, force: true }); // another worker put the same version in place first
  }
  // The newest few are kept: a worker still running an older one loads its task chunks from it on their first job.
  const builds = readdirSync(buildsDir).filter((entry) => /^\d+$/.test(entry)).sort((a, b) => Number(b) - Number(a));
  for (const entry of builds.slice(KEPT_BUILDS)) rmSync(path.join(buildsDir, entry), { recursive: true, force: true });
  return path.join(target, 'worker-main.js');
}

if (import.meta.url === pathToFileURL(process.argv[1] ?? '').href) {
  await import(pathToFileURL(await workerBundle()).href);
}
