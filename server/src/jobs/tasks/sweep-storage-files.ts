import { stat } from 'node:fs/promises';
import { z } from 'zod';
import { defineTask } from '../define-task';

/** A version file younger than this may be between its rename and its row's commit: left alone. */
export const ORPHAN_FILE_AGE_MS = 3600 * 1000;
const BATCH = 1000;

/**
 * Daily, on the server's own runner (it needs STORAGE_DIR): version files no storage.objects row names, left by a crash
 * between a file's rename into place and its row's commit (decision 0019). Files younger than an hour are left: their
 * row may be committing now.
 */
export const sweepStorageFiles = defineTask({
  name: 'sweep_storage_files',
  payload: z.looseObject({}),
  maxAttempts: 3,
  needs: ['storageFiles'],
  async run(_payload, { sql, storageFiles, log }) {
    const files = storageFiles!;
    const versions = await files.listVersions();
    let removed = 0;
    for (let start = 0; start < versions.length; start += BATCH) {
      const batch = versions.slice(start, start + BATCH);
      const named = new Set((await sql<{ version: string }[]>`select version from storage.objects where version = any(${batch}::text[])`).map((row) => row.version));
      const old: string[] = [];
      for (const version of batch.filter((candidate) => !named.has(candidate))) {
        const info = await stat(files.fileOf(version)).catch(() => undefined);
        if (info && Date.now() - info.mtimeMs > ORPHAN_FILE_AGE_MS) old.push(version);
      }
      // Asked again just before removing: a row committed since the first question keeps its file.
      const renamed = new Set((await sql<{ version: string }[]>`select version from storage.objects where version = any(${old}::text[])`).map((row) => row.version));
      const orphans = old.filter((version) => !renamed.has(version));
      await files.remove(orphans);
      removed += orphans.length;
    }
    if (removed > 0) log.info(`storage: ${removed} version file(s) no object names removed`);
  },
});
