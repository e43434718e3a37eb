import type { Config } from '../config';
import { resolveJwtSecret } from '../data-dir';
import { deriveApiKeys } from '../lib/api-keys';
import { storageApiObjectStore, type ObjectStore } from './assets/object-store';

/**
 * Where `npm run worker` reaches Storage for the asset jobs: the hosted project named by SUPABASE_URL and its secret
 * key; else, when it joins the embedded PostgreSQL of a running `npm start`, that server (PORT on this machine, the
 * key derived from the JWT secret in DATA_DIR). Otherwise none: the worker leaves asset jobs to workers that can.
 */
export async function workerObjectStore(config: Config, joinsLocalServer: boolean): Promise<{ store: ObjectStore; url: string } | undefined> {
  if (config.supabase) return { store: storageApiObjectStore(config.supabase.url, config.supabase.serviceKey), url: config.supabase.url };
  if (!joinsLocalServer) return undefined;
  const keys = await deriveApiKeys(await resolveJwtSecret(config.dataDir, config.jwtSecret));
  const url = `http://127.0.0.1:${config.port}`;
  return { store: storageApiObjectStore(url, keys.serviceRoleKey), url };
}
