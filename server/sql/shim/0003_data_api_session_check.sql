-- Data API: a signed-out token stops working at once.
-- The own server's /rest/v1 calls this inside each user request's transaction (same round trip), after
-- request.jwt.claims is set. It has the shape of a PostgREST `db-pre-request` function and answers with
-- PostgREST's own custom-error convention (RAISE SQLSTATE 'PGRST': message = body, detail = status/headers):
-- 401 {"code":"PGRST303","message":"Session from session_id claim in JWT does not exist"} when the token's
-- auth.sessions row was deleted (sign-out, refresh-token reuse, user deleted) or its not_after has passed.

create or replace function auth.require_active_session() returns void
language plpgsql stable security definer
set search_path = ''
as $$
declare
  claims jsonb := nullif(current_setting('request.jwt.claims', true), '')::jsonb;
  claimed_session text := claims ->> 'session_id';
  claimed_user text := claims ->> 'sub';
begin
  if claims is null or claims ->> 'role' is distinct from 'authenticated' then
    return;
  end if;
  if claimed_session is null or claimed_session !~* '^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$'
    or claimed_user is null or claimed_user !~* '^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$'
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

revoke all on function auth.require_active_session() from public;
grant execute on function auth.require_active_session() to anon, authenticated, service_role;
