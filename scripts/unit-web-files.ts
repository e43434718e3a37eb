import { readdirSync, readFileSync } from 'node:fs';
import path from 'node:path';

/**
 * The jsdom unit tests in two lists (vitest.config.ts): the files that replace modules (`vi.mock` and kin) run in a
 * fresh module graph each, as before; the others share one per worker (Vitest's `isolate: false`), which spares each
 * of them importing React, Testing Library and the app's modules again. A non-isolated worker keeps the mocks a file
 * registered, so a file that mocks anything must stay isolated.
 */
export interface WebTestFiles {
  /** Files that share a worker's module graph. */
  shared: string[];
  /** Files that run in a fresh module graph each. */
  isolated: string[];
}

const MODULE_MOCKING = /\bvi\s*\.\s*(mock|doMock|unmock|doUnmock|resetModules|importActual|importMock)\s*[(<]/;

/** Whether a test file replaces modules (and so needs its own module graph). */
export function mocksModules(source: string): boolean {
  return MODULE_MOCKING.test(source);
}

/** Splits test files (path and source) into the two lists; paths are kept as given. */
export function splitWebTestFiles(files: { path: string; source: string }[]): WebTestFiles {
  const shared: string[] = [];
  const isolated: string[] = [];
  for (const file of files) (mocksModules(file.source) ? isolated : shared).push(file.path);
  return { shared, isolated };
}

/** The test files under `<root>/src` (`*.test.ts`, `*.test.tsx`), relative to root with forward slashes, split. */
export function webTestFiles(root: string): WebTestFiles {
  const names = readdirSync(path.join(root, 'src'), { recursive: true, encoding: 'utf8' })
    .filter((name) => /\.test\.tsx?$/.test(name))
    .sort();
  return splitWebTestFiles(
    names.map((name) => ({ path: `src/${name.split(path.sep).join('/')}`, source: readFileSync(path.join(root, 'src', name), 'utf8') })),
  );
}
