-- Local auth shim, part 4: the `authenticator` role of a Supabase database.
-- On Supabase it is PostgREST's login role; PostgREST reads its own settings (`pgrst.*`) from it. Migrations configure
-- the data API there (`alter role authenticator … set pgrst.db_pre_request = …`), and the own server reads the same
-- setting, so it needs the role to exist. It never logs in here.

do $$
begin
  if not exists (select 1 from pg_roles where rolname = 'authenticator') then
    create role authenticator nologin noinherit;
  end if;
end
$$;

grant anon, authenticated, service_role to authenticator;

-- The session check is a migration now (private.require_active_session, wired as the pre-request function), so
-- both backends run it the same way. Databases set up before have the shim's earlier copy (part 3, since removed).
drop function if exists auth.require_active_session();
