import type { SupabaseClient } from '@/lib/supabase';

/**
 * The client a screen reads the SEO Toolkit with: the marketing user's (`supabase`, scope 'user') or the site admin's
 * (`adminSupabase`, scope 'admin', for the agency's own site). RLS decides what each sees.
 */
export interface SeoClient {
  client: SupabaseClient;
  scope: 'user' | 'admin';
}
