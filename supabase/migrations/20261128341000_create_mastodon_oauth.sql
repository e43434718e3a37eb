-- Social Hub (issue 30): connecting a Mastodon account with OAuth instead of a pasted token. Decision record:
-- docs/decisions/0022-social-hub.md ("Mastodon OAuth (session 7)").
--
-- The flow, the same on our server and on hosted Supabase (the browser only calls these functions; every request to
-- the instance is a job):
--   start_mastodon_connection(workspace, instance, redirect_uri) → a connection row + the job
--     start_mastodon_connection: registers an app on the instance once per instance + redirect URI (POST /api/v1/apps,
--     client secret sealed here in private.mastodon_apps), makes the state and the PKCE verifier, and writes the
--     authorize URL on the row; the browser reads the row and goes there.
--   finish_mastodon_connection(workspace, state, code) on the callback page: the state is single use, expires after
--     15 minutes and belongs to the member and workspace that started it; then the job finish_mastodon_connection
--     exchanges the code (POST /oauth/token with the verifier), checks the token with verify_credentials and seals it
--     as the connect job does. A token that expires (expires_in + refresh_token) is refreshed by the job
--     refresh_mastodon_token an hour before it does.
--
-- Who sees what: the member who started a connection reads its row (status, authorize URL, message); nobody reads an
-- app's client secret, a state, a verifier or a code through the API (private schema, no grant to anon/authenticated).

create table private.mastodon_apps (
  id uuid primary key default gen_random_uuid(),
  instance_origin text not null,
  redirect_uri text not null,
  client_id text not null constraint mastodon_apps_client_id_length check (char_length(client_id) between 1 and 500),
  -- AES-256-GCM under the server key, `mastodon-app:<id>` as additional data (token-seal.ts).
  client_secret_sealed text not null,
  -- The instance lists S256 in /.well-known/oauth-authorization-server (Mastodon 4.3+).
  pkce boolean not null default false,
  created_at timestamptz not null default now(),
  unique (instance_origin, redirect_uri)
);
revoke all on table private.mastodon_apps from public, anon, authenticated;
grant all on table private.mastodon_apps to service_role;

create table public.mastodon_connections (
  id uuid primary key default gen_random_uuid(),
  organization_id uuid not null references public.organizations (id) on delete cascade,
  created_by uuid not null references auth.users (id) on delete cascade,
  instance_origin text not null constraint mastodon_connections_instance_length check (char_length(instance_origin) <= 300),
  redirect_uri text not null constraint mastodon_connections_redirect_uri_length check (char_length(redirect_uri) <= 500),
  -- registering: the job registers the app; authorizing: authorize_url is ready; exchanging: the code came back;
  -- connected (account_id); failed (message).
  status text not null default 'registering'
    constraint mastodon_connections_status_check check (status in ('registering', 'authorizing', 'exchanging', 'connected', 'failed')),
  authorize_url text constraint mastodon_connections_authorize_url_length check (char_length(authorize_url) <= 3000),
  account_id uuid references public.social_accounts (id) on delete set null,
  message text constraint mastodon_connections_message_length check (char_length(message) <= 1000),
  expires_at timestamptz not null default now() + interval '15 minutes',
  created_at timestamptz not null default now()
);
create index mastodon_connections_organization_id_idx on public.mastodon_connections (organization_id, created_at);

alter table public.mastodon_connections enable row level security;
revoke all on table public.mastodon_connections from anon, authenticated;
grant select on table public.mastodon_connections to authenticated;
grant all on table public.mastodon_connections to service_role;

create policy "Members read the Mastodon connections they started" on public.mastodon_connections
  for select to authenticated
  using (created_by = (select auth.uid()) and organization_id in (select private.current_user_organization_ids()));

create table private.mastodon_connection_secrets (
  connection_id uuid primary key references public.mastodon_connections (id) on delete cascade,
  app_id uuid references private.mastodon_apps (id) on delete cascade,
  -- SHA-256 of the state sent to the instance (the state itself is only in the authorize URL).
  state_hash bytea unique,
  code_verifier text,
  code text,
  used_at timestamptz
);
revoke all on table private.mastodon_connection_secrets from public, anon, authenticated;
grant all on table private.mastodon_connection_secrets to service_role;

-- Which app an account's token belongs to, and when the token expires (null: it does not).
create table private.mastodon_account_tokens (
  account_id uuid primary key references public.social_accounts (id) on delete cascade,
  app_id uuid not null references private.mastodon_apps (id) on delete cascade,
  expires_at timestamptz
);
revoke all on table private.mastodon_account_tokens from public, anon, authenticated;
grant all on table private.mastodon_account_tokens to service_role;

create function public.start_mastodon_connection(workspace_id uuid, instance text, redirect_uri text)
returns public.mastodon_connections
language plpgsql volatile security definer
set search_path = ''
as $$
declare
  clean_instance text := btrim(coalesce(start_mastodon_connection.instance, ''));
  clean_redirect text := btrim(coalesce(start_mastodon_connection.redirect_uri, ''));
  url_check record;
  created public.mastodon_connections;
begin
  perform private.require_workspace_role(start_mastodon_connection.workspace_id, 'member');
  if clean_instance = '' then
    raise exception 'Enter your Mastodon server, for example mastodon.social.' using errcode = 'P0001', detail = 'instance_missing';
  end if;
  if clean_instance !~* '^https?://' then
    clean_instance := 'https://' || clean_instance;
  end if;
  url_check := private.outbound_url_problem(clean_instance);
  if url_check.problem is not null then
    raise exception '%', url_check.message using errcode = 'P0001', detail = url_check.problem;
  end if;
  if clean_redirect !~ '^https?://[^/?#@]+/marketing/social/connect/mastodon$' or char_length(clean_redirect) > 500 then
    raise exception 'The return address must be this app''s /marketing/social/connect/mastodon page.' using errcode = 'P0001', detail = 'redirect_uri_invalid';
  end if;
  if (select count(*) from public.mastodon_connections c
      where c.created_by = (select auth.uid()) and c.created_at > now() - interval '1 hour') >= 20 then
    raise exception 'Too many attempts to connect Mastodon in the last hour: try again later.' using errcode = 'P0001', detail = 'too_many_attempts';
  end if;
  insert into public.mastodon_connections (organization_id, created_by, instance_origin, redirect_uri)
  values (start_mastodon_connection.workspace_id, (select auth.uid()), private.url_origin(clean_instance), clean_redirect)
  returning * into created;
  insert into private.mastodon_connection_secrets (connection_id) values (created.id);
  perform private.enqueue_job('start_mastodon_connection', jsonb_build_object('workspace_id', created.organization_id, 'connection_id', created.id),
    now(), 'mastodon-connection:' || created.id || ':authorize', 3);
  return created;
end
$$;

revoke all on function public.start_mastodon_connection(uuid, text, text) from public, anon;
grant execute on function public.start_mastodon_connection(uuid, text, text) to authenticated, service_role;

-- The callback page's call: the state is checked (this member, this workspace, once, in time), the code kept for
-- the job. Another member's or workspace's state reads as unknown: it tells nothing about the other connection.
create function public.finish_mastodon_connection(workspace_id uuid, state text, code text)
returns public.mastodon_connections
language plpgsql volatile security definer
set search_path = ''
as $$
declare
  secrets private.mastodon_connection_secrets;
  connection public.mastodon_connections;
  clean_code text := btrim(coalesce(finish_mastodon_connection.code, ''));
begin
  perform private.require_workspace_role(finish_mastodon_connection.workspace_id, 'member');
  select * into secrets from private.mastodon_connection_secrets s
  where s.state_hash = sha256(convert_to(coalesce(finish_mastodon_connection.state, ''), 'UTF8'))
  for update;
  if found then
    select * into connection from public.mastodon_connections c where c.id = secrets.connection_id;
  end if;
  if not found or connection.organization_id <> finish_mastodon_connection.workspace_id or connection.created_by <> (select auth.uid()) then
    raise exception 'This sign-in does not belong to a connection you started in this workspace: start connecting again.' using errcode = 'P0001', detail = 'state_unknown';
  end if;
  if secrets.used_at is not null then
    raise exception 'This sign-in was already used: start connecting again.' using errcode = 'P0001', detail = 'state_used';
  end if;
  if connection.expires_at < now() then
    raise exception 'This sign-in took longer than 15 minutes and expired: start connecting again.' using errcode = 'P0001', detail = 'state_expired';
  end if;
  if clean_code = '' or char_length(clean_code) > 2000 then
    raise exception 'The Mastodon server sent no authorization code: start connecting again.' using errcode = 'P0001', detail = 'code_missing';
  end if;
  update private.mastodon_connection_secrets s set used_at = now(), code = clean_code where s.connection_id = connection.id;
  update public.mastodon_connections c set status = 'exchanging' where c.id = connection.id returning * into connection;
  perform private.enqueue_job('finish_mastodon_connection', jsonb_build_object('workspace_id', connection.organization_id, 'connection_id', connection.id),
    now(), 'mastodon-connection:' || connection.id || ':finish', 3);
  return connection;
end
$$;

revoke all on function public.finish_mastodon_connection(uuid, text, text) from public, anon;
grant execute on function public.finish_mastodon_connection(uuid, text, text) to authenticated, service_role;

-- The jobs' read: the connection, its app and its secrets, for the payload's workspace only.
create function private.mastodon_connection_for_job(workspace_id uuid, connection_id uuid)
returns table (status text, instance_origin text, redirect_uri text, app_id uuid, client_id text, client_secret_sealed text,
  pkce boolean, code text, code_verifier text, account_id uuid)
language plpgsql stable security definer
set search_path = ''
as $$
declare
  connection public.mastodon_connections;
begin
  select * into connection from public.mastodon_connections c where c.id = mastodon_connection_for_job.connection_id;
  if not found then
    return;
  end if;
  if connection.organization_id <> mastodon_connection_for_job.workspace_id then
    raise exception 'Mastodon connection % does not belong to workspace %', connection_id, workspace_id using errcode = '42501', detail = 'foreign_mastodon_connection';
  end if;
  return query select connection.status, connection.instance_origin, connection.redirect_uri, s.app_id, a.client_id,
      a.client_secret_sealed, a.pkce, s.code, s.code_verifier, connection.account_id
    from private.mastodon_connection_secrets s left join private.mastodon_apps a on a.id = s.app_id
    where s.connection_id = connection.id;
end
$$;

create function private.record_mastodon_authorize_url(workspace_id uuid, connection_id uuid, app_id uuid, state_hash bytea,
  code_verifier text, authorize_url text)
returns void
language sql volatile security definer
set search_path = ''
as $$
  with moved as (
    update public.mastodon_connections c set status = 'authorizing', authorize_url = record_mastodon_authorize_url.authorize_url
    where c.id = record_mastodon_authorize_url.connection_id and c.organization_id = record_mastodon_authorize_url.workspace_id
      and c.status = 'registering'
    returning c.id
  )
  update private.mastodon_connection_secrets s set app_id = record_mastodon_authorize_url.app_id,
    state_hash = record_mastodon_authorize_url.state_hash, code_verifier = record_mastodon_authorize_url.code_verifier
  where s.connection_id in (select id from moved);
$$;

create function private.record_mastodon_connection_failure(workspace_id uuid, connection_id uuid, message text)
returns void
language sql volatile security definer
set search_path = ''
as $$
  update private.mastodon_connection_secrets s set code = null, code_verifier = null
  where s.connection_id = record_mastodon_connection_failure.connection_id;
  update public.mastodon_connections c set status = 'failed', message = left(record_mastodon_connection_failure.message, 1000)
  where c.id = record_mastodon_connection_failure.connection_id and c.organization_id = record_mastodon_connection_failure.workspace_id;
$$;

-- The account a verified token belongs to: the workspace's account of that instance and id if it has one (its token
-- is replaced: a reconnect), else a new id. The job seals the token with this id before recording it.
create function private.mastodon_account_id_for(workspace_id uuid, instance_origin text, external_id text)
returns uuid
language sql stable security definer
set search_path = ''
as $$
  select coalesce((select a.id from public.social_accounts a
    where a.organization_id = mastodon_account_id_for.workspace_id and a.network = 'mastodon'
      and a.service_origin = mastodon_account_id_for.instance_origin and a.external_id = mastodon_account_id_for.external_id
    order by a.created_at limit 1), gen_random_uuid());
$$;

-- The exchange's outcome: the account connected with its sealed token (created, or its token replaced), the code and
-- verifier gone, and a refresh queued an hour before an expiring token expires (half way for a shorter one).
create function private.record_mastodon_account(workspace_id uuid, connection_id uuid, account_id uuid, display_name text,
  external_id text, sealed text, expires_at timestamptz)
returns void
language plpgsql volatile security definer
set search_path = ''
as $$
declare
  connection public.mastodon_connections;
  app uuid;
begin
  select * into connection from public.mastodon_connections c
  where c.id = record_mastodon_account.connection_id and c.organization_id = record_mastodon_account.workspace_id for update;
  if not found or connection.status <> 'exchanging' then
    return;
  end if;
  select s.app_id into app from private.mastodon_connection_secrets s where s.connection_id = connection.id;
  if exists (select 1 from public.social_accounts a where a.id = record_mastodon_account.account_id) then
    update public.social_accounts a set status = 'connected', status_message = null, display_name = left(record_mastodon_account.display_name, 200)
    where a.id = record_mastodon_account.account_id and a.organization_id = connection.organization_id;
    update private.social_account_credentials c set sealed = record_mastodon_account.sealed, pending = null, updated_at = now()
    where c.account_id = record_mastodon_account.account_id;
    if not found then
      insert into private.social_account_credentials (account_id, sealed) values (record_mastodon_account.account_id, record_mastodon_account.sealed);
    end if;
  else
    perform 1 from public.organizations o where o.id = connection.organization_id for no key update;
    if (select count(*) from public.social_accounts a where a.organization_id = connection.organization_id) >= 50 then
      update public.mastodon_connections c set status = 'failed', message = 'A workspace has at most 50 social accounts: disconnect one first.'
      where c.id = connection.id;
      return;
    end if;
    insert into public.social_accounts (id, organization_id, network, display_name, service_origin, external_id, status, created_by)
    values (record_mastodon_account.account_id, connection.organization_id, 'mastodon', left(record_mastodon_account.display_name, 200),
      connection.instance_origin, record_mastodon_account.external_id, 'connected', connection.created_by);
    insert into private.social_account_credentials (account_id, sealed) values (record_mastodon_account.account_id, record_mastodon_account.sealed);
  end if;
  insert into private.mastodon_account_tokens (account_id, app_id, expires_at)
  values (record_mastodon_account.account_id, app, record_mastodon_account.expires_at)
  on conflict on constraint mastodon_account_tokens_pkey do update set app_id = excluded.app_id, expires_at = excluded.expires_at;
  update private.mastodon_connection_secrets s set code = null, code_verifier = null where s.connection_id = connection.id;
  update public.mastodon_connections c set status = 'connected', account_id = record_mastodon_account.account_id, message = null
  where c.id = connection.id;
  perform private.schedule_mastodon_token_refresh(connection.organization_id, record_mastodon_account.account_id, record_mastodon_account.expires_at);
end
$$;

create function private.schedule_mastodon_token_refresh(workspace_id uuid, account_id uuid, expires_at timestamptz)
returns void
language plpgsql volatile security definer
set search_path = ''
as $$
begin
  if schedule_mastodon_token_refresh.expires_at is null then
    return;
  end if;
  perform private.enqueue_job('refresh_mastodon_token',
    jsonb_build_object('workspace_id', schedule_mastodon_token_refresh.workspace_id, 'account_id', schedule_mastodon_token_refresh.account_id),
    greatest(now(), least(schedule_mastodon_token_refresh.expires_at - interval '1 hour',
      now() + (schedule_mastodon_token_refresh.expires_at - now()) / 2)),
    'social-account:' || schedule_mastodon_token_refresh.account_id || ':refresh', 5);
end
$$;

-- The refresh job's read: the sealed token, its app and when it expires, for the payload's workspace only.
create function private.mastodon_token_for_job(workspace_id uuid, account_id uuid)
returns table (instance_origin text, sealed text, app_id uuid, client_id text, client_secret_sealed text, expires_at timestamptz)
language plpgsql stable security definer
set search_path = ''
as $$
declare
  account public.social_accounts;
begin
  select * into account from public.social_accounts a where a.id = mastodon_token_for_job.account_id;
  if not found then
    return;
  end if;
  if account.organization_id <> mastodon_token_for_job.workspace_id then
    raise exception 'social account % does not belong to workspace %', account_id, workspace_id using errcode = '42501', detail = 'foreign_social_account';
  end if;
  return query select account.service_origin, c.sealed, t.app_id, a.client_id, a.client_secret_sealed, t.expires_at
    from private.mastodon_account_tokens t
    join private.social_account_credentials c on c.account_id = t.account_id
    join private.mastodon_apps a on a.id = t.app_id
    where t.account_id = account.id and c.sealed is not null;
end
$$;

-- A refreshed token: sealed again, the next refresh queued.
create function private.record_mastodon_token_refresh(workspace_id uuid, account_id uuid, sealed text, expires_at timestamptz)
returns void
language plpgsql volatile security definer
set search_path = ''
as $$
begin
  update private.social_account_credentials c set sealed = record_mastodon_token_refresh.sealed, updated_at = now()
  from public.social_accounts a
  where c.account_id = a.id and a.id = record_mastodon_token_refresh.account_id and a.organization_id = record_mastodon_token_refresh.workspace_id;
  if not found then
    return;
  end if;
  update private.mastodon_account_tokens t set expires_at = record_mastodon_token_refresh.expires_at
  where t.account_id = record_mastodon_token_refresh.account_id;
  perform private.schedule_mastodon_token_refresh(record_mastodon_token_refresh.workspace_id, record_mastodon_token_refresh.account_id,
    record_mastodon_token_refresh.expires_at);
end
$$;

revoke all on function private.mastodon_connection_for_job(uuid, uuid), private.record_mastodon_authorize_url(uuid, uuid, uuid, bytea, text, text),
  private.record_mastodon_connection_failure(uuid, uuid, text), private.mastodon_account_id_for(uuid, text, text),
  private.record_mastodon_account(uuid, uuid, uuid, text, text, text, timestamptz),
  private.schedule_mastodon_token_refresh(uuid, uuid, timestamptz), private.mastodon_token_for_job(uuid, uuid),
  private.record_mastodon_token_refresh(uuid, uuid, text, timestamptz)
  from public, anon, authenticated;
