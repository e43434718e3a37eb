import path from 'node:path';

/** Folders of the repository the server reads at run time. */
export const ROOT_DIR = path.resolve(import.meta.dirname, '../..');
export const MIGRATIONS_DIR = path.join(ROOT_DIR, 'supabase/migrations');
export const SHIM_DIR = path.join(ROOT_DIR, 'server/sql/shim');
/** Objects shipped with the repository, copied into DATA_DIR/storage at first start. */
export const STORAGE_SEED_DIR = path.join(ROOT_DIR, 'server/storage-seed');
