-- Local auth shim, part 2: what the own auth server needs beyond part 1.

-- Authentication methods of a session (GoTrue's table): the `amr` claim of its access tokens.
create table auth.mfa_amr_claims (
  session_id uuid not null references auth.sessions (id) on delete cascade,
  created_at timestamptz not null,
  updated_at timestamptz not null,
  authentication_method text not null,
  id uuid not null primary key,
  constraint mfa_amr_claims_session_id_authentication_method_pkey unique (session_id, authentication_method)
);

-- Refresh tokens are looked up by their hash on every refresh, and a session's active token by session.
create index refresh_tokens_session_id_active_idx on auth.refresh_tokens (session_id) where not revoked;

-- Secure e-mail change: one link to the current address, one to the new one.
alter table auth.one_time_tokens drop constraint one_time_tokens_token_type_check;
alter table auth.one_time_tokens add constraint one_time_tokens_token_type_check
  check (token_type in ('confirmation_token', 'recovery_token', 'email_change_token_new', 'email_change_token_current'));
create index one_time_tokens_expires_at_idx on auth.one_time_tokens (expires_at);

-- Request rate limits (token buckets) shared by every server instance on this database.
create table auth.rate_limits (
  key text not null primary key,
  tokens double precision not null,
  allowed boolean not null,
  updated_at timestamptz not null default now()
);
create index rate_limits_updated_at_idx on auth.rate_limits (updated_at);

revoke all on auth.mfa_amr_claims, auth.rate_limits from anon, authenticated;
