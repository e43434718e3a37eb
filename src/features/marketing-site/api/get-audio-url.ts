import { site } from '@/config/site';

let resolved: string | null = null;

/**
 * Public URL of the 'beyond brochures' recording in the storage bucket, through supabase-js storage
 * (loaded on demand: it stays off the first load of the page).
 */
export async function getAudioUrl(): Promise<string> {
  if (resolved) return resolved;
  const { supabase } = await import('@/lib/supabase');
  resolved = supabase.storage.from(site.audio.bucket).getPublicUrl(site.audio.path).data.publicUrl;
  return resolved;
}

/**
 * The URL once known. With it, Play can call play() within the press itself, which browsers that keep a
 * press's permission to play sound only briefly (Safari on iOS) require.
 */
export function cachedAudioUrl(): string | null {
  return resolved;
}

/** Resolves the URL ahead of a likely Play press (hover, focus, touch). */
export function prefetchAudioUrl(): void {
  getAudioUrl().catch(() => {
    // the Play press reports the failure
  });
}
