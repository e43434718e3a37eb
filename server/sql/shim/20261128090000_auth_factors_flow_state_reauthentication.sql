-- Local auth shim: two-factor authentication, PKCE flows and reauthentication codes, as Supabase Auth's own tables
-- (supabase/auth migrations: mfa_factors, mfa_challenges, flow_state, sessions.factor_id,
-- users.reauthentication_*). Enums of GoTrue are text columns with checks here; the values are the same.

-- A user's second factors: TOTP apps (the only type this server enrols). `secret` is encrypted with the server's
-- key (GoTrue's EncryptedString JSON, see server/src/lib/encryption-keys.ts), never stored in clear.
create table auth.mfa_factors (
  id uuid not null primary key,
  user_id uuid not null references auth.users (id) on delete cascade,
  friendly_name text,
  factor_type text not null check (factor_type in ('totp', 'webauthn', 'phone')),
  status text not null check (status in ('unverified', 'verified')),
  created_at timestamptz not null,
  updated_at timestamptz not null,
  secret text,
  phone text,
  last_challenged_at timestamptz,
  -- The own server's replay guard (GoTrue has none): the TOTP time step the last accepted code belonged to. A code
  -- of that step or an earlier one is refused, so a code seen once cannot be used again within its window.
  last_totp_step bigint
);
create unique index mfa_factors_user_friendly_name_unique on auth.mfa_factors (friendly_name, user_id)
  where trim(friendly_name) <> '';
create index factor_id_created_at_idx on auth.mfa_factors (user_id, created_at);

create table auth.mfa_challenges (
  id uuid not null primary key,
  factor_id uuid not null references auth.mfa_factors (id) on delete cascade,
  created_at timestamptz not null,
  verified_at timestamptz,
  ip_address inet,
  otp_code text
);
create index mfa_challenge_created_at_idx on auth.mfa_challenges (created_at desc);

-- The factor a session stepped up with; aal1 (password, link, code) or aal2 (and a second factor).
alter table auth.sessions add column factor_id uuid;
alter table auth.sessions add constraint sessions_aal_check check (aal in ('aal1', 'aal2', 'aal3'));

-- PKCE: a flow started with a code challenge; the e-mail link's redirect carries `?code=<auth_code>`, which
-- `POST /token?grant_type=pkce` exchanges once, with the code verifier, for a session.
create table auth.flow_state (
  id uuid not null primary key,
  user_id uuid references auth.users (id) on delete cascade,
  auth_code text not null,
  code_challenge_method text not null check (code_challenge_method in ('s256', 'plain')),
  code_challenge text not null,
  provider_type text not null,
  provider_access_token text,
  provider_refresh_token text,
  created_at timestamptz not null default now(),
  updated_at timestamptz not null default now(),
  authentication_method text not null,
  auth_code_issued_at timestamptz
);
create unique index flow_state_auth_code_key on auth.flow_state (auth_code);
create index idx_user_id_auth_method on auth.flow_state (user_id, authentication_method);
create index flow_state_created_at_idx on auth.flow_state (created_at desc);

-- Reauthentication codes (GET /reauthenticate → the nonce of a password change).
alter table auth.users add column reauthentication_token varchar(255) not null default '';
alter table auth.users add column reauthentication_sent_at timestamptz;
alter table auth.one_time_tokens drop constraint one_time_tokens_token_type_check;
alter table auth.one_time_tokens add constraint one_time_tokens_token_type_check
  check (token_type in ('confirmation_token', 'reauthentication_token', 'recovery_token', 'email_change_token_new',
    'email_change_token_current'));

revoke all on auth.mfa_factors, auth.mfa_challenges, auth.flow_state from anon, authenticated;
