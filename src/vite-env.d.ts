/// <reference types="vite/client" />

interface ImportMetaEnv {
  /** Hosted Supabase: set both at build time. Unset: the own server's same-origin backend. */
  readonly VITE_SUPABASE_URL?: string;
  readonly VITE_SUPABASE_ANON_KEY?: string;
}

interface ImportMeta {
  readonly env: ImportMetaEnv;
}
