import { StorageClient } from '@supabase/storage-js';

/**
 * How the asset jobs reach stored objects: Storage's HTTP API with the service key (RLS bypassed, as on Supabase),
 * through supabase-js's storage client (storage-js alone: supabase-js's createClient also builds a Realtime client,
 * which needs a global WebSocket that Node 20 has only behind a flag, so `npm start` and `npm run worker` could not
 * make one). The same code on both backends: the server's own runner calls its own
 * address; `npm run worker` calls a hosted project (SUPABASE_URL, SUPABASE_SERVICE_ROLE_KEY) or the `npm start` it
 * joins. Every call has a time limit, so a Storage that stopped answering fails the job (retried) instead of
 * holding it.
 */
export interface ObjectStore {
  /** The object's bytes, or null when there is none. */
  download(bucket: string, path: string): Promise<Buffer | null>;
  /** Writes (or replaces) an object. */
  upload(bucket: string, path: string, bytes: Buffer, contentType: string): Promise<void>;
  /** Removes objects; those already gone are fine. */
  remove(bucket: string, paths: string[]): Promise<void>;
}

const CALL_TIMEOUT_MS = 60_000;
/** Derived images never change once written (a new version has new paths): cached for a year. */
const IMMUTABLE_SECONDS = String(365 * 24 * 3600);

interface StorageFailure {
  message?: string;
  statusCode?: string;
  status?: number;
}

function isNotFound(error: unknown): boolean {
  const failure = error as StorageFailure;
  return failure.statusCode === '404' || failure.status === 404 || /not.?found/i.test(failure.message ?? '');
}

export function storageApiObjectStore(url: string | (() => string), serviceKey: string): ObjectStore {
  let client: StorageClient | undefined;
  const storage = () => {
    client ??= new StorageClient(
      `${(typeof url === 'string' ? url : url()).replace(/\/$/, '')}/storage/v1`,
      { apikey: serviceKey, Authorization: `Bearer ${serviceKey}` },
      (input, init) => fetch(input, { ...init, signal: init?.signal ? AbortSignal.any([init.signal, AbortSignal.timeout(CALL_TIMEOUT_MS)]) : AbortSignal.timeout(CALL_TIMEOUT_MS) }),
    );
    return client;
  };
  return {
    async download(bucket, path) {
      const { data, error } = await storage().from(bucket).download(path);
      if (error) {
        if (isNotFound(error)) return null;
        throw new Error(`Storage download of ${bucket}/${path} failed: ${error.message}`);
      }
      return Buffer.from(await data.arrayBuffer());
    },
    async upload(bucket, path, bytes, contentType) {
      const { error } = await storage().from(bucket).upload(path, bytes, { contentType, upsert: true, cacheControl: IMMUTABLE_SECONDS });
      if (error) throw new Error(`Storage upload of ${bucket}/${path} failed: ${error.message}`);
    },
    async remove(bucket, paths) {
      if (paths.length === 0) return;
      const { error } = await storage().from(bucket).remove(paths);
      if (error && !isNotFound(error)) throw new Error(`Storage removal in ${bucket} failed: ${error.message}`);
    },
  };
}
