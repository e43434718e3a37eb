// Shared by the build (writes the stamp last) and `npm start` (rebuilds when sources are newer).
import { existsSync, readdirSync, statSync, writeFileSync } from 'node:fs';
import path from 'node:path';

export const root = path.resolve(import.meta.dirname, '..');
export const stampFile = path.join(root, 'dist/build-stamp.json');
const inputs = ['src', 'public', 'index.html', 'vite.config.ts', 'package-lock.json', 'scripts/prerender.mjs', 'scripts/static-host.ts', 'scripts/static-host'];

export function newestMtime(target) {
  if (!existsSync(target)) return 0;
  const info = statSync(target);
  if (!info.isDirectory()) return info.mtimeMs;
  let newest = 0;
  for (const entry of readdirSync(target)) newest = Math.max(newest, newestMtime(path.join(target, entry)));
  return newest;
}

export function isBuildStale() {
  if (!existsSync(stampFile)) return true;
  const built = statSync(stampFile).mtimeMs;
  return inputs.some((input) => newestMtime(path.join(root, input)) > built);
}

export function writeStamp() {
  writeFileSync(stampFile, JSON.stringify({ builtAt: new Date().toISOString() }));
}
