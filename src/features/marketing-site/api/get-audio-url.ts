import { site } from '@/config/site';

/** Starts loading supabase-js ahead of a likely Play press (hover, focus, touch). */
export function prefetchAudioUrl(): void {
  import('@/lib/supabase').catch(() => {
    // the Play press reports the failure
  });
}

/** Public URL of the 'beyond brochures' recording in the storage bucket (supabase-js is loaded on demand). */
export async function getAudioUrl(): Promise<string> {
  const { supabase } = await import('@/lib/supabase');
  return supabase.storage.from(site.audio.bucket).getPublicUrl(site.audio.path).data.publicUrl;
}
