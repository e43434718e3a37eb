-- Local auth shim, part 5: Supabase Storage's bucket table, so every server on one database sees the same buckets.
-- Same name and columns as supabase/storage (migrations/tenant): on a Supabase database the real one is used. Object
-- bytes stay files under STORAGE_DIR (DATA_DIR/storage), as with Storage's file backend. Only the server's own
-- connection uses this table: the API roles get nothing on it (Storage's RLS without policies, the same effect).

create schema if not exists storage;

create table storage.buckets (
  id text not null primary key,
  name text not null,
  owner uuid,
  created_at timestamptz default now(),
  updated_at timestamptz default now(),
  public boolean default false,
  avif_autodetection boolean default false,
  file_size_limit bigint,
  allowed_mime_types text[],
  owner_id text
);
create unique index bname on storage.buckets using btree (name);

alter table storage.buckets enable row level security;
revoke all on storage.buckets from public;
