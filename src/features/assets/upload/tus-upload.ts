import { UPLOAD_CHUNK_BYTES } from '@/config/asset-options';
import { backendFromPage } from '@/config/env';
import { ASSETS_BUCKET } from '@/lib/asset-urls';
import { supabase } from '@/lib/supabase';

/**
 * One file's bytes sent to its reserved path over TUS with tus-js-client, configured as Supabase's guide for
 * resumable uploads says (6 MB chunks, bucketName/objectName/contentType/cacheControl metadata), against the same
 * backend supabase-js talks to. The library is imported when the first upload starts, so it weighs only on the
 * pages that upload. A dropped connection is retried (HEAD for the server's offset, then the rest); when the retries
 * run out the upload pauses and `resume` goes on from the offset. Each request carries a fresh access token, so a
 * long upload outlives the token it started with.
 */
export interface TusUpload {
  start(): void;
  /** Stops sending; `start` resumes from the server's offset. */
  pause(): Promise<void>;
  /** Stops and asks the server to drop what it received. */
  terminate(): Promise<void>;
}

export interface TusCallbacks {
  onProgress(sent: number): void;
  onSuccess(): void;
  /** `isFinal`: the server refused (4xx): retrying cannot help. */
  onError(error: Error, isFinal: boolean): void;
}

const RETRY_DELAYS = [0, 1000, 3000, 5000, 10_000];

/** The HTTP status a tus-js-client error carries, if any. */
function statusOf(error: unknown): number | null {
  const response = (error as { originalResponse?: { getStatus(): number } | null }).originalResponse;
  return response ? response.getStatus() : null;
}

export async function createTusUpload(file: File, objectPath: string, callbacks: TusCallbacks): Promise<TusUpload> {
  const { Upload } = await import('tus-js-client');
  const backend = backendFromPage();
  const upload = new Upload(file, {
    endpoint: `${backend.url.replace(/\/$/, '')}/storage/v1/upload/resumable`,
    retryDelays: RETRY_DELAYS,
    chunkSize: UPLOAD_CHUNK_BYTES,
    headers: { apikey: backend.anonKey, 'x-upsert': 'false' },
    metadata: { bucketName: ASSETS_BUCKET, objectName: objectPath, contentType: file.type || 'application/octet-stream', cacheControl: '3600' },
    removeFingerprintOnSuccess: true,
    onBeforeRequest: async (request) => {
      const token = (await supabase.auth.getSession()).data.session?.access_token;
      if (token) request.setHeader('Authorization', `Bearer ${token}`);
    },
    onProgress: (sent) => callbacks.onProgress(sent),
    onSuccess: () => callbacks.onSuccess(),
    onError: (error) => {
      const status = statusOf(error);
      callbacks.onError(error, status !== null && status >= 400 && status < 500 && status !== 409 && status !== 423 && status !== 429);
    },
  });
  return {
    start: () => upload.start(),
    pause: () => upload.abort(false),
    terminate: () => upload.abort(true).catch(() => undefined),
  };
}
