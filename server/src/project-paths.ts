import { existsSync } from 'node:fs';
import path from 'node:path';

/**
 * The repository: the nearest folder above this module with a package.json — server/src as tsx runs it, or the
 * worker's bundle (server/worker-build/<version>/, scripts/worker.mjs).
 */
function repositoryOf(dir: string): string {
  for (let current = dir; ; current = path.dirname(current)) {
    if (existsSync(path.join(current, 'package.json'))) return current;
    if (path.dirname(current) === current) throw new Error(`no package.json above ${dir}`);
  }
}

/** Folders of the repository the server reads at run time. */
export const ROOT_DIR = repositoryOf(import.meta.dirname);
export const MIGRATIONS_DIR = path.join(ROOT_DIR, 'supabase/migrations');
export const SHIM_DIR = path.join(ROOT_DIR, 'server/sql/shim');
/** Objects shipped with the repository, copied into DATA_DIR/storage at first start. */
export const STORAGE_SEED_DIR = path.join(ROOT_DIR, 'server/storage-seed');
