-- A PostgreSQL 15 with the shape of a hosted Supabase database, as far as a plain PostgreSQL allows.
-- Run once as the bootstrap superuser `supabase_admin` on the `postgres` database of a fresh cluster.
-- Written from supabase/postgres migrations/db/init-scripts (00000000000000-initial-schema, -auth-schema,
-- -storage-schema, -post-setup) and migrations/db/migrations (10000000000000_demote-postgres,
-- 20211115181400_update-auth-permissions, 20230529180330_alter_api_roles_for_inherit,
-- 20250421084701_revoke_admin_roles_from_postgres, 20250709135250_grant_storage_schema_to_postgres_with_grant_option),
-- supabase/auth migrations (tables as they stand today, 20240612123726_enable_rls_update_grants) and supabase/storage
-- migrations/tenant (buckets, objects). Not reproduced: extensions other than pgcrypto/uuid-ossp, realtime, vault,
-- event triggers, and supautils, whose one effect that matters here (postgres may set PostgREST's pgrst.* settings on
-- authenticator) is granted with PostgreSQL 15's GRANT SET ON PARAMETER at the end.

-- Roles (initial schema, post-setup, demote-postgres, alter_api_roles_for_inherit).
create role postgres login nosuperuser createdb createrole replication bypassrls;
create role anon nologin inherit;
create role authenticated nologin inherit;
create role service_role nologin inherit bypassrls;
create role authenticator login noinherit;
grant anon, authenticated, service_role to authenticator;
create role supabase_auth_admin login noinherit createrole noreplication;
create role supabase_storage_admin login noinherit createrole noreplication;
create role dashboard_user nosuperuser createdb createrole replication;
alter role anon set statement_timeout = '3s';
alter role authenticated set statement_timeout = '8s';
alter role authenticator set statement_timeout = '8s';
alter role authenticator set lock_timeout = '8s';
alter role supabase_auth_admin set search_path = auth;
alter role supabase_storage_admin set search_path = storage;
alter role postgres set search_path = "$user", public, extensions;

-- The project's database belongs to postgres (so postgres owns schema public through pg_database_owner).
alter database postgres owner to postgres;
grant all on database postgres to postgres;
grant create on database postgres to supabase_auth_admin, supabase_storage_admin;

create schema extensions;
create extension "uuid-ossp" with schema extensions;
create extension pgcrypto with schema extensions;
grant usage on schema extensions to postgres, anon, authenticated, service_role;
grant all on schema extensions to postgres, dashboard_user;

grant usage on schema public to postgres, anon, authenticated, service_role;
alter default privileges for role postgres in schema public grant all on tables to postgres, anon, authenticated, service_role;
alter default privileges for role postgres in schema public grant all on functions to postgres, anon, authenticated, service_role;
alter default privileges for role postgres in schema public grant all on sequences to postgres, anon, authenticated, service_role;
alter default privileges for role supabase_admin in schema public grant all on tables to postgres, anon, authenticated, service_role;
alter default privileges for role supabase_admin in schema public grant all on functions to postgres, anon, authenticated, service_role;
alter default privileges for role supabase_admin in schema public grant all on sequences to postgres, anon, authenticated, service_role;

-- auth: created by supabase_admin, its tables owned by Supabase Auth's role.
create schema auth authorization supabase_admin;
grant usage on schema auth to anon, authenticated, service_role, postgres;
grant all on schema auth to supabase_auth_admin, dashboard_user;

set role supabase_auth_admin;

create table auth.instances (
  id uuid not null primary key, uuid uuid, raw_base_config text, created_at timestamptz, updated_at timestamptz
);
create table auth.schema_migrations (version varchar(255) not null primary key);

create table auth.users (
  instance_id uuid,
  id uuid not null primary key,
  aud varchar(255),
  role varchar(255),
  email varchar(255),
  encrypted_password varchar(255),
  email_confirmed_at timestamptz,
  invited_at timestamptz,
  confirmation_token varchar(255),
  confirmation_sent_at timestamptz,
  recovery_token varchar(255),
  recovery_sent_at timestamptz,
  email_change_token_new varchar(255),
  email_change varchar(255),
  email_change_sent_at timestamptz,
  last_sign_in_at timestamptz,
  raw_app_meta_data jsonb,
  raw_user_meta_data jsonb,
  is_super_admin boolean,
  created_at timestamptz,
  updated_at timestamptz,
  phone text unique default null,
  phone_confirmed_at timestamptz,
  phone_change text default '',
  phone_change_token varchar(255) default '',
  phone_change_sent_at timestamptz,
  confirmed_at timestamptz generated always as (least(email_confirmed_at, phone_confirmed_at)) stored,
  email_change_token_current varchar(255) default '',
  email_change_confirm_status smallint default 0 check (email_change_confirm_status >= 0 and email_change_confirm_status <= 2),
  banned_until timestamptz,
  reauthentication_token varchar(255) default '',
  reauthentication_sent_at timestamptz,
  is_sso_user boolean not null default false,
  deleted_at timestamptz,
  is_anonymous boolean not null default false
);
create unique index users_email_partial_key on auth.users (email) where is_sso_user = false;

create table auth.identities (
  provider_id text not null,
  user_id uuid not null references auth.users (id) on delete cascade,
  identity_data jsonb not null,
  provider text not null,
  last_sign_in_at timestamptz,
  created_at timestamptz,
  updated_at timestamptz,
  email text generated always as (lower(identity_data ->> 'email')) stored,
  id uuid not null primary key default gen_random_uuid(),
  unique (provider_id, provider)
);

create type auth.aal_level as enum ('aal1', 'aal2', 'aal3');
create table auth.sessions (
  id uuid not null primary key,
  user_id uuid not null references auth.users (id) on delete cascade,
  created_at timestamptz,
  updated_at timestamptz,
  factor_id uuid,
  aal auth.aal_level,
  not_after timestamptz,
  refreshed_at timestamp,
  user_agent text,
  ip inet,
  tag text
);
create index sessions_user_id_idx on auth.sessions (user_id);

create table auth.refresh_tokens (
  instance_id uuid,
  id bigserial primary key,
  token varchar(255) unique,
  user_id varchar(255),
  revoked boolean,
  created_at timestamptz,
  updated_at timestamptz,
  parent varchar(255),
  session_id uuid references auth.sessions (id) on delete cascade
);

create table auth.mfa_amr_claims (
  session_id uuid not null references auth.sessions (id) on delete cascade,
  created_at timestamptz not null,
  updated_at timestamptz not null,
  authentication_method text not null,
  id uuid not null primary key,
  unique (session_id, authentication_method)
);

create table auth.audit_log_entries (
  instance_id uuid, id uuid not null primary key, payload json, created_at timestamptz, ip_address varchar(64) not null default ''
);

create function auth.uid() returns uuid language sql stable as $$
  select coalesce(
    nullif(current_setting('request.jwt.claim.sub', true), ''),
    (nullif(current_setting('request.jwt.claims', true), '')::jsonb ->> 'sub')
  )::uuid
$$;
create function auth.role() returns text language sql stable as $$
  select coalesce(
    nullif(current_setting('request.jwt.claim.role', true), ''),
    (nullif(current_setting('request.jwt.claims', true), '')::jsonb ->> 'role')
  )::text
$$;
create function auth.email() returns text language sql stable as $$
  select coalesce(
    nullif(current_setting('request.jwt.claim.email', true), ''),
    (nullif(current_setting('request.jwt.claims', true), '')::jsonb ->> 'email')
  )::text
$$;
create function auth.jwt() returns jsonb language sql stable as $$
  select coalesce(
    nullif(current_setting('request.jwt.claim', true), ''),
    nullif(current_setting('request.jwt.claims', true), '')
  )::jsonb
$$;

-- Supabase Auth's enable_rls_update_grants: RLS on every auth table, SELECT for postgres with grant option.
alter table auth.users enable row level security;
alter table auth.identities enable row level security;
alter table auth.sessions enable row level security;
alter table auth.refresh_tokens enable row level security;
alter table auth.mfa_amr_claims enable row level security;
alter table auth.audit_log_entries enable row level security;
alter table auth.instances enable row level security;
alter table auth.schema_migrations enable row level security;
grant select on all tables in schema auth to postgres with grant option;

reset role;

-- demote-postgres / update-auth-permissions: postgres holds everything on the tables of the initial auth schema
-- (TRIGGER on auth.users included: the project's sign-up trigger needs it), nothing on auth's migrations, and since
-- 2025-04 no CREATE in schema auth.
grant all on auth.users, auth.refresh_tokens, auth.instances, auth.audit_log_entries to postgres;
grant all on all sequences in schema auth to postgres;
grant all on all routines in schema auth to postgres;
revoke all on auth.schema_migrations from postgres, dashboard_user;
revoke create on schema auth from postgres;
grant all on all tables in schema auth to dashboard_user;

-- storage: created by supabase_admin, its tables owned by Supabase Storage's role.
create schema storage authorization supabase_admin;
grant usage on schema storage to postgres, anon, authenticated, service_role;
grant all on schema storage to supabase_storage_admin with grant option;
alter default privileges for role supabase_storage_admin in schema storage grant all on tables to postgres, anon, authenticated, service_role;
alter default privileges for role supabase_storage_admin in schema storage grant all on functions to postgres, anon, authenticated, service_role;
alter default privileges for role supabase_storage_admin in schema storage grant all on sequences to postgres, anon, authenticated, service_role;

set role supabase_storage_admin;

create table storage.migrations (
  id integer primary key, name varchar(100) unique not null, hash varchar(40) not null, executed_at timestamp default current_timestamp
);
create type storage.buckettype as enum ('STANDARD', 'ANALYTICS');
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
  owner_id text,
  type storage.buckettype not null default 'STANDARD'
);
create unique index bname on storage.buckets using btree (name);
create table storage.objects (
  id uuid not null default gen_random_uuid() primary key,
  bucket_id text references storage.buckets (id),
  name text,
  owner uuid,
  created_at timestamptz default now(),
  updated_at timestamptz default now(),
  last_accessed_at timestamptz default now(),
  metadata jsonb,
  path_tokens text[] generated always as (string_to_array(name, '/')) stored,
  version text,
  owner_id text,
  user_metadata jsonb
);
create unique index bucketid_objname on storage.objects using btree (bucket_id, name);
alter table storage.buckets enable row level security;
alter table storage.objects enable row level security;

-- supabase/storage migrations/tenant 0060/0061 (path helpers the policies use), 0011 (updated_at), 0055 (rows are
-- deleted only through the Storage API, which sets storage.allow_delete_query).
create function storage.foldername(name text) returns text[] language plpgsql immutable as $function$
declare _parts text[];
begin
  select string_to_array(name, '/') into _parts;
  return _parts[1 : array_length(_parts, 1) - 1];
end
$function$;
create function storage.filename(name text) returns text language plpgsql immutable as $function$
declare _parts text[];
begin
  select string_to_array(name, '/') into _parts;
  return _parts[array_length(_parts, 1)];
end
$function$;
create function storage.extension(name text) returns text language plpgsql immutable as $function$
declare _parts text[]; _filename text;
begin
  select string_to_array(name, '/') into _parts;
  select _parts[array_length(_parts, 1)] into _filename;
  return reverse(split_part(reverse(_filename), '.', 1));
end
$function$;
create function storage.update_updated_at_column() returns trigger language plpgsql as $$
begin
  new.updated_at = now();
  return new;
end;
$$;
create trigger update_objects_updated_at before update on storage.objects
  for each row execute function storage.update_updated_at_column();
create function storage.protect_delete() returns trigger language plpgsql as $$
begin
  if coalesce(current_setting('storage.allow_delete_query', true), 'false') != 'true' then
    raise exception 'Direct deletion from storage tables is not allowed. Use the Storage API instead.'
      using hint = 'This prevents accidental data loss from orphaned objects.', errcode = '42501';
  end if;
  return null;
end;
$$;
create trigger protect_buckets_delete before delete on storage.buckets
  for each statement execute function storage.protect_delete();
create trigger protect_objects_delete before delete on storage.objects
  for each statement execute function storage.protect_delete();

reset role;

revoke create on schema storage from postgres;
grant usage on schema storage to postgres with grant option;
revoke all on storage.migrations from anon, authenticated, service_role, postgres;

-- supautils' rule for `alter role … [in database …] set` (decision 0002, "Setting pgrst.* on hosted Supabase"):
-- supabase/postgres' supautils.conf makes postgres the privileged role, lists `pgrst.*` among
-- privileged_role_allowed_configs and `authenticator*` among the reserved roles postgres may still configure, so
-- supautils runs `alter role authenticator [in database …] set pgrst.<any> = …` as superuser for postgres. A plain
-- PostgreSQL 15 cannot run that hook; PostgreSQL 15's GRANT SET ON PARAMETER gives postgres the same right for
-- every setting PostgREST reads (its `dbSettingsNames`; hosted accepts any other pgrst.* name too).
grant set on parameter pgrst.db_aggregates_enabled, pgrst.client_error_verbosity, pgrst.db_anon_role,
  pgrst.db_pre_config, pgrst.db_extra_search_path, pgrst.db_max_rows, pgrst.db_plan_enabled, pgrst.db_pre_request,
  pgrst.db_prepared_statements, pgrst.db_root_spec, pgrst.db_schemas, pgrst.db_tx_end, pgrst.db_hoisted_tx_settings,
  pgrst.jwt_aud, pgrst.jwt_role_claim_key, pgrst.jwt_secret, pgrst.jwt_secret_is_base64, pgrst.jwt_cache_max_lifetime,
  pgrst.openapi_mode, pgrst.openapi_security_active, pgrst.openapi_server_proxy_uri, pgrst.server_cors_allowed_origins,
  pgrst.server_trace_header, pgrst.server_timing_enabled, pgrst.url_use_legacy_target_names to postgres;

-- supautils.policy_grants (supabase/postgres, '{"postgres": [..., "storage.buckets", "storage.objects", ...]}'): postgres
-- creates, alters and drops policies on storage's tables without owning them. Plain PostgreSQL ties that to ownership,
-- so membership in the owner's role stands in here. It allows more than supautils does (ALTER TABLE too, which hosted
-- Supabase refuses since 2025): tests/hosted/db-push.test.ts checks that no migration alters a storage table. The storage
-- role's CREATE on its schema is taken back first, so postgres still cannot create anything in storage.
revoke create on schema storage from supabase_storage_admin;
grant supabase_storage_admin to postgres;

-- Supabase Storage connects as supabase_storage_admin and switches to the caller's role per request; hosted
-- Supabase grants it authenticator (WITH INHERIT FALSE, PostgreSQL 16's syntax) for that, which reaches the API roles.
grant authenticator to supabase_storage_admin;
