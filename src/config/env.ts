export interface BackendSettings {
  url: string;
  anonKey: string;
}

export class BackendConfigError extends Error {
  override name = 'BackendConfigError';
}

/**
 * Where the backend is: the build-time VITE_SUPABASE_* variables (hosted Supabase: the project URL and its
 * publishable key, or the legacy anon key) when set, otherwise the same origin with the anon key the own server
 * injects into the page.
 */
export function resolveBackend(
  env: { VITE_SUPABASE_URL?: string; VITE_SUPABASE_PUBLISHABLE_KEY?: string; VITE_SUPABASE_ANON_KEY?: string },
  page: { origin: string; metaAnonKey: string | null | undefined },
): BackendSettings {
  const url = env.VITE_SUPABASE_URL?.trim();
  const publishable = env.VITE_SUPABASE_PUBLISHABLE_KEY?.trim();
  const legacy = env.VITE_SUPABASE_ANON_KEY?.trim();
  if (publishable && legacy && publishable !== legacy) {
    throw new BackendConfigError('Set VITE_SUPABASE_PUBLISHABLE_KEY or VITE_SUPABASE_ANON_KEY at build time, not both.');
  }
  const anonKey = publishable || legacy;
  if (url && anonKey) return { url, anonKey };
  if (url || anonKey) {
    throw new BackendConfigError(
      'Set both VITE_SUPABASE_URL and VITE_SUPABASE_PUBLISHABLE_KEY (or VITE_SUPABASE_ANON_KEY) at build time, or neither.',
    );
  }
  if (!page.metaAnonKey) {
    throw new BackendConfigError(
      'No backend configured: build with VITE_SUPABASE_URL and VITE_SUPABASE_PUBLISHABLE_KEY, or serve the app with the own server.',
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
