import { createClient } from '@supabase/supabase-js';
import { ADMIN_SESSION_STORAGE_KEY } from '@/config/admin';
import { backendFromPage } from '@/config/env';
import type { Database } from '@/types/database';

const backend = backendFromPage();

/** The only place that creates Supabase clients. Marketing users sign in through `supabase`. */
export const supabase = createClient<Database>(backend.url, backend.anonKey);

/** The site admin's session: its own storage key, so neither session replaces the other. */
export const adminSupabase = createClient<Database>(backend.url, backend.anonKey, {
  auth: { storageKey: ADMIN_SESSION_STORAGE_KEY },
});

export type SupabaseClient = typeof supabase;
