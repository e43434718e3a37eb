/// <reference types="vite/client" />

interface ImportMetaEnv {
  /** Hosted Supabase: the project URL and its publishable key (or legacy anon key) at build time. Unset: the own server. */
  readonly VITE_SUPABASE_URL?: string;
  readonly VITE_SUPABASE_PUBLISHABLE_KEY?: string;
  readonly VITE_SUPABASE_ANON_KEY?: string;
}

interface ImportMeta {
  readonly env: ImportMetaEnv;
}
