import { assetPath, RESERVED_BYTES, reservedPath } from './workspaces';
import type { Actor } from './workspaces';
import type { MatrixResponse, Operation, World } from './tenant-matrix';

/**
 * The tenant matrix's rows for the `assets` bucket (supabase/migrations/20261128070000_create_assets_bucket.sql, and
 * 20261128130200_restrict_assets_bucket_to_the_library.sql: viewers and up read; a member writes only the path
 * start_asset_upload reserved, with exactly the reserved size, and removes only an upload in progress; a stored
 * asset's objects go with delete_asset): every storage call supabase-js makes on workspace 1's objects, by every actor. Storage answers a refusal with HTTP
 * 400 and the real status in the body, so a refused cell reads `400 <statusCode> <code>`; changes show as
 * `storage_objects` (workspace 1's rows of storage.objects).
 */

const NOT_FOUND = '400 404 NoSuchKey';
export const RLS = '400 403 AccessDenied';

/** What storage-js's StorageApiError carries: the HTTP status, Storage's `statusCode` and its `code`. */
interface StorageFailure {
  status?: number;
  statusCode?: string;
  code?: string;
}

export async function storage(call: PromiseLike<{ data: unknown; error: unknown }>): Promise<MatrixResponse> {
  const { data, error } = await call;
  if (!error) return { status: 200, data, error: null };
  const failure = error as StorageFailure;
  return { status: failure.status ?? 0, data: null, error: { code: String(failure.statusCode ?? ''), details: failure.code ?? null } };
}

const ok = (text: string) => () => text;

/** A URL opened signed out (no key, no token), its failure read as storage-js reads one. */
async function open(url: string): Promise<MatrixResponse> {
  const response = await fetch(url);
  if (response.ok) return { status: response.status, data: await response.arrayBuffer(), error: null };
  const body = (await response.json()) as { statusCode?: string; code?: string };
  return { status: response.status, data: null, error: { code: String(body.statusCode ?? ''), details: body.code ?? null } };
}

/** What a render of workspace 1's object answers when the caller may read it: the object is text, not an image. */
const NOT_AN_IMAGE = '400 400 InvalidRequest';

export function storageOperations(world: World): Record<string, Operation> {
  const bucket = (a: Actor) => a.client.storage.from('assets');
  const own = () => assetPath(world().workspace1);
  const reserved = () => reservedPath(world().workspace1);
  const inWorkspace1 = (name: string) => `${world().workspace1}/${name}`;
  const members = <T extends string>(cell: T, other: string, viewer = other): Operation['cells'] => [cell, cell, cell, viewer, other, other, other, other];

  return {
    'storage assets: download workspace 1’s object': {
      run: async (a) => storage(bucket(a).download(own()).then(async (result) => ({ data: result.data ? await result.data.text() : null, error: result.error }))),
      answer: (data) => String(data),
      cells: members('ok the brief', NOT_FOUND, 'ok the brief'),
    },
    'storage assets: info of workspace 1’s object': {
      run: (a) => storage(bucket(a).info(own())),
      answer: ok('info'),
      cells: members('ok info', NOT_FOUND, 'ok info'),
    },
    'storage assets: list workspace 1’s folder': {
      run: (a) => storage(bucket(a).list(world().workspace1)),
      answer: 'rows',
      cells: members('rows 1', 'rows 0', 'rows 1'),
    },
    'storage assets: sign a URL for workspace 1’s object': {
      run: (a) => storage(bucket(a).createSignedUrl(own(), 60)),
      answer: ok('signed'),
      cells: members('ok signed', NOT_FOUND, 'ok signed'),
    },
    // Image transformations (/render/image/…): found as the download finds it, so a reader reaches the renderer
    // (which refuses the text object as Storage refuses a non-image) and everyone else finds nothing.
    'storage assets: download workspace 1’s object with a transform': {
      run: (a) => storage(bucket(a).download(own(), { transform: { width: 10 } })),
      answer: ok('rendered'),
      cells: members(NOT_AN_IMAGE, NOT_FOUND, NOT_AN_IMAGE),
    },
    'storage assets: sign a render URL for workspace 1’s object and open it signed out': {
      run: async (a) => {
        const signed = await bucket(a).createSignedUrl(own(), 60, { transform: { width: 10 } });
        return signed.error ? storage(Promise.resolve(signed)) : open(signed.data.signedUrl);
      },
      answer: ok('rendered'),
      cells: members(NOT_AN_IMAGE, NOT_FOUND, NOT_AN_IMAGE),
    },
    'storage assets: open a public render URL of workspace 1’s object (a private bucket)': {
      run: (a) => open(bucket(a).getPublicUrl(own(), { transform: { width: 10 } }).data.publicUrl),
      answer: ok('rendered'),
      cells: members('400 404 NoSuchBucket', '400 404 NoSuchBucket'),
    },
    'storage assets: upload into workspace 1, at a path nobody reserved': {
      run: (a) => storage(bucket(a).upload(inWorkspace1('planted.txt'), 'planted', { contentType: 'text/plain' })),
      answer: ok('uploaded'),
      cells: members(RLS, RLS),
    },
    'storage assets: upload the reserved file with its reserved size': {
      run: (a) => storage(bucket(a).upload(reserved(), RESERVED_BYTES, { contentType: 'text/plain' })),
      answer: ok('uploaded'),
      cells: members('ok uploaded → storage_objects +1', RLS),
    },
    'storage assets: upload the reserved file with more bytes than reserved': {
      run: (a) => storage(bucket(a).upload(reserved(), `${RESERVED_BYTES} and more`, { contentType: 'text/plain' })),
      answer: ok('uploaded'),
      cells: members(RLS, RLS),
    },
    'storage assets: replace workspace 1’s stored file (upsert)': {
      run: (a) => storage(bucket(a).upload(own(), 'defaced!!', { contentType: 'text/plain', upsert: true })),
      answer: ok('replaced'),
      cells: members(RLS, RLS),
    },
    'storage assets: sign an upload URL into workspace 1, at a path nobody reserved': {
      run: (a) => storage(bucket(a).createSignedUploadUrl(inWorkspace1('inbox.txt'))),
      answer: ok('signed'),
      cells: members(RLS, RLS),
    },
    // Signing declares no size, and the policy wants the reserved one: the browser uploads over TUS instead.
    'storage assets: sign an upload URL for the reserved file': {
      run: (a) => storage(bucket(a).createSignedUploadUrl(reserved())),
      answer: ok('signed'),
      cells: members(RLS, RLS),
    },
    'storage assets: move workspace 1’s stored file': {
      run: (a) => storage(bucket(a).move(own(), inWorkspace1('moved.txt'))),
      answer: ok('moved'),
      // A move is an update: no policy lets anyone update a stored file, so it is not found (Storage's answer).
      cells: members(NOT_FOUND, NOT_FOUND),
    },
    'storage assets: copy workspace 1’s stored file': {
      run: (a) => storage(bucket(a).copy(own(), inWorkspace1('copy.txt'))),
      answer: ok('copied'),
      cells: members(RLS, NOT_FOUND, RLS),
    },
    'storage assets: remove workspace 1’s stored file': {
      run: (a) => storage(bucket(a).remove([own()])),
      answer: 'rows',
      cells: members('rows 0', 'rows 0'),
    },
  };
}
