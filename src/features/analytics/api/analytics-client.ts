import type { SupabaseClient } from '@/lib/supabase';

/**
 * The client a screen reads analytics with: the marketing user's (`supabase`, scope 'user') or the site admin's
 * (`adminSupabase`, scope 'admin'). Both are the same supabase-js client type; RLS decides what each sees.
 */
export interface AnalyticsClient {
  client: SupabaseClient;
  scope: 'user' | 'admin';
}
