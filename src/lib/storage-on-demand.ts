/**
 * Stands in for `@supabase/storage-js` in the browser bundle (vite.config.ts aliases the package here): the real
 * client is loaded the first time the app calls Storage, instead of with every page.
 *
 * supabase-js constructs a StorageClient with every client, so its ~6 KB (brotli, with the analytics client it
 * brings) came with every signed-in page although most pages never call Storage (issue 33; decision 0017). This
 * class takes the same constructor arguments and forwards each call to a real StorageClient built from them once
 * the package has loaded. Every call of the file and bucket APIs already returns a promise, so the caller sees no
 * difference but the first call's wait for the chunk. `getPublicUrl` is synchronous: it builds the URL itself
 * with storage-js's own rule (storage-on-demand.test.ts compares it with the real client's), and hands over to the
 * real client once loaded. What cannot be forwarded (the `vectors` and `analytics` getters) throws an error that
 * says why.
 */
import type * as StorageJs from '@supabase/storage-js';

type StorageModule = typeof StorageJs;
type RealClient = InstanceType<StorageModule['StorageClient']>;
type ConstructorArgs = ConstructorParameters<StorageModule['StorageClient']>;

let loaded: StorageModule | undefined;
let loading: Promise<StorageModule> | undefined;

/** The real package, by its file: the bare name is aliased to this module. */
function loadStorageJs(): Promise<StorageModule> {
  loading ??= import('../../node_modules/@supabase/storage-js/dist/index.mjs').then((module: StorageModule) => {
    loaded = module;
    return module;
  });
  return loading;
}

export const STORAGE_ON_DEMAND_MESSAGE =
  'supabase.storage loads storage-js on its first call (src/lib/storage-on-demand.ts, docs/decisions/0017-signed-in-speed.md); ' +
  'this part of it cannot wait for that';

/** storage-js's base URL rule (StorageBucketApi's constructor), for getPublicUrl before the package has loaded. */
export function storageBaseUrl(url: string, options?: { useNewHostname?: boolean }): string {
  const base = new URL(url);
  if (options?.useNewHostname && /supabase\.(co|in|red)$/.test(base.hostname) && !base.hostname.includes('storage.supabase.')) {
    base.hostname = base.hostname.replace('supabase.', 'storage.supabase.');
  }
  return base.href.replace(/\/$/, '');
}

interface PublicUrlOptions {
  download?: string | boolean;
  transform?: object;
  cacheNonce?: unknown;
  versionId?: unknown;
}

/** StorageFileApi.getPublicUrl without transformations (which need the real client's query rules). */
export function publicUrlOf(baseUrl: string, bucketId: string, path: string, options?: PublicUrlOptions): { data: { publicUrl: string } } {
  if (options?.transform && Object.keys(options.transform).length > 0) {
    throw new Error(`${STORAGE_ON_DEMAND_MESSAGE}: getPublicUrl with a transformation before any other Storage call`);
  }
  const query = new URLSearchParams();
  if (options?.download) query.set('download', options.download === true ? '' : options.download);
  if (options?.cacheNonce != null) query.set('cacheNonce', String(options.cacheNonce as string));
  if (options?.versionId != null) query.set('versionId', String(options.versionId as string));
  const queryString = query.toString();
  const finalPath = `${bucketId}/${path.replace(/^\/+/, '')}`;
  return { data: { publicUrl: encodeURI(`${baseUrl}/object/public/${finalPath}`) + (queryString ? `?${queryString}` : '') } };
}

/** Symbols and `then` are read by the runtime and by tools (inspection, awaiting): they are not calls. */
const isIntrospection = (property: PropertyKey) => typeof property === 'symbol' || property === 'then';

export class StorageClient {
  #args: ConstructorArgs;
  #real: RealClient | undefined;

  constructor(...args: ConstructorArgs) {
    this.#args = args;
    return new Proxy(this, {
      get: (target, property, receiver) => {
        if (isIntrospection(property)) return Reflect.get(target, property, receiver) as unknown;
        // Private fields are the target's: its own methods run on it, not on this proxy.
        if (property === 'from') return target.from.bind(target);
        if (property === 'vectors' || property === 'analytics') {
          const real = target.#realIfLoaded();
          if (real) return real[property];
          throw new Error(`${STORAGE_ON_DEMAND_MESSAGE} (read: ${property}).`);
        }
        // The bucket API (listBuckets, getBucket, createBucket, …): every method returns a promise.
        return (...callArgs: unknown[]) => target.#client().then((real) => (real as unknown as Record<PropertyKey, (...a: unknown[]) => unknown>)[property]!(...callArgs));
      },
    });
  }

  #realIfLoaded(): RealClient | undefined {
    if (!this.#real && loaded) this.#real = new loaded.StorageClient(...this.#args);
    return this.#real;
  }

  #client(): Promise<RealClient> {
    return loadStorageJs().then(() => this.#realIfLoaded()!);
  }

  from(bucketId: string): ReturnType<RealClient['from']> {
    const baseUrl = storageBaseUrl(this.#args[0], this.#args[3]);
    const realBucket = () => this.#realIfLoaded()?.from(bucketId);
    return new Proxy(
      {},
      {
        get: (_target, property) => {
          if (isIntrospection(property)) return undefined;
          if (property === 'getPublicUrl') {
            return (path: string, options?: PublicUrlOptions) => realBucket()?.getPublicUrl(path, options as never) ?? publicUrlOf(baseUrl, bucketId, path, options);
          }
          // upload, download, createSignedUrl(s), copy, move, remove, list, info, exists, …: promises all.
          return (...callArgs: unknown[]) =>
            this.#client().then((real) => (real.from(bucketId) as unknown as Record<PropertyKey, (...a: unknown[]) => unknown>)[property]!(...callArgs));
        },
      },
    ) as ReturnType<RealClient['from']>;
  }
}

/** Re-exported by supabase-js; an error the real client throws is an instance of the real class, read on load. */
export class StorageApiError extends Error {
  static [Symbol.hasInstance](value: unknown): boolean {
    return loaded ? value instanceof loaded.StorageApiError : false;
  }
}
