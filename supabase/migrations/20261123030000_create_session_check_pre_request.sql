-- A signed-out access token stops working at once, on hosted Supabase as on the own server.
-- Access tokens carry `session_id`; signing out (or a replayed refresh token) deletes that auth.sessions row, but
-- the token itself stays valid until it expires (JWT_EXPIRY, an hour). PostgREST runs a configured pre-request
-- function in every request's transaction, after request.jwt.claims is set: this one refuses a user token whose
-- session is gone, belongs to someone else or has passed its not_after, with PostgREST's own error for rejected
-- claims (RAISE SQLSTATE 'PGRST': the message is the body, the detail the status and headers):
--   401 {"code":"PGRST303","message":"Session from session_id claim in JWT does not exist"}
-- Hosted Supabase lets `postgres` neither create functions in schema auth nor read auth.sessions through RLS
-- without BYPASSRLS: the function lives in `private`, is owned by the migration's role (postgres, BYPASSRLS there;
-- SELECT on auth.sessions is granted to it by Supabase Auth) and runs as its owner.

create function private.require_active_session() returns void
language plpgsql stable security definer
set search_path = ''
as $$
declare
  claims jsonb := nullif(current_setting('request.jwt.claims', true), '')::jsonb;
  claimed_session text := claims ->> 'session_id';
  claimed_user text := claims ->> 'sub';
  uuid_format constant text := '^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$';
begin
  -- Anonymous requests and the service key have no session to check.
  if claims is null or claims ->> 'role' is distinct from 'authenticated' then
    return;
  end if;
  if claimed_session is null or claimed_session !~* uuid_format
    or claimed_user is null or claimed_user !~* uuid_format
    or not exists (
      select 1 from auth.sessions s
      where s.id = claimed_session::uuid and s.user_id = claimed_user::uuid
        and (s.not_after is null or s.not_after > now())
    )
  then
    raise sqlstate 'PGRST' using
      message = '{"code":"PGRST303","message":"Session from session_id claim in JWT does not exist","details":null,"hint":null}',
      detail = '{"status":401,"headers":{"WWW-Authenticate":"Bearer error=\"invalid_token\", error_description=\"Session from session_id claim in JWT does not exist\""}}';
  end if;
end
$$;

-- PostgREST calls it as the request's role.
revoke all on function private.require_active_session() from public;
grant execute on function private.require_active_session() to anon, authenticated, service_role;

-- Wired for this database only (PostgREST prefers a role's per-database setting). Supabase allows `postgres` to set
-- pgrst.* on authenticator; the own server's auth shim creates the role and reads the setting like PostgREST.
do $$
begin
  execute format(
    'alter role authenticator in database %I set pgrst.db_pre_request = %L',
    current_database(),
    'private.require_active_session'
  );
end
$$;

notify pgrst, 'reload config';
