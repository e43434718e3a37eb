import { createClient } from '@supabase/supabase-js';
import { backendFromPage } from '@/config/env';
import type { Database } from '@/types/database';

/** The storage key of the admin session, apart from a marketing user's `sb-<host>-auth-token`. */
export const ADMIN_STORAGE_KEY = 'sb-admin-auth-token';

const backend = backendFromPage();

/** The only place that creates Supabase clients. Marketing users sign in through `supabase`. */
export const supabase = createClient<Database>(backend.url, backend.anonKey);

/** The site admin's session: its own storage key, so neither session replaces the other. */
export const adminSupabase = createClient<Database>(backend.url, backend.anonKey, {
  auth: { storageKey: ADMIN_STORAGE_KEY },
});

export type SupabaseClient = typeof supabase;
