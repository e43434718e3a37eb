export interface BackendSettings {
  url: string;
  anonKey: string;
}

export class BackendConfigError extends Error {
  override name = 'BackendConfigError';
}

/**
 * Where the backend is: the build-time VITE_SUPABASE_* variables (hosted Supabase) when set,
 * otherwise the same origin with the anon key the own server injects into the page.
 */
export function resolveBackend(
  env: { VITE_SUPABASE_URL?: string; VITE_SUPABASE_ANON_KEY?: string },
  page: { origin: string; metaAnonKey: string | null | undefined },
): BackendSettings {
  const url = env.VITE_SUPABASE_URL?.trim();
  const anonKey = env.VITE_SUPABASE_ANON_KEY?.trim();
  if (url && anonKey) return { url, anonKey };
  if (url || anonKey) {
    throw new BackendConfigError('Set both VITE_SUPABASE_URL and VITE_SUPABASE_ANON_KEY at build time, or neither.');
  }
  if (!page.metaAnonKey) {
    throw new BackendConfigError(
      'No backend configured: build with VITE_SUPABASE_URL and VITE_SUPABASE_ANON_KEY, or serve the app with the own server.',
    );
  }
  return { url: page.origin, anonKey: page.metaAnonKey };
}

export function backendFromPage(): BackendSettings {
  return resolveBackend(import.meta.env, {
    origin: window.location.origin,
    metaAnonKey: document.querySelector('meta[name="supabase-anon-key"]')?.getAttribute('content'),
  });
}
