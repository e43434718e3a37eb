-- Social Hub (issue 30), part 1: the social accounts a workspace publishes to. Decision record:
-- docs/decisions/0022-social-hub.md.
--
-- Who sees what:
--   everyone in the workspace (viewers included) reads its accounts: network, name, where it lives, status;
--   members, admins and owners connect (connect_social_account) and disconnect (delete) accounts;
--   nobody reads a credential through the API: app passwords, access tokens and webhook URLs live in
--     private.social_account_credentials, which the API roles cannot read. The job runner seals them there with
--     AES-256-GCM under a server key (SOCIAL_TOKEN_KEYS, or the key generated in DATA_DIR) the database never sees;
--     until the connect job has run (seconds, when a worker is up) the submitted credential waits in `pending`.

create table public.social_accounts (
  id uuid primary key default gen_random_uuid(),
  organization_id uuid not null references public.organizations (id) on delete cascade,
  network text not null constraint social_accounts_network_check check (network in ('bluesky', 'mastodon', 'webhook')),
  -- The handle (@alice.bsky.social), the Mastodon account, or the webhook channel's name.
  display_name text not null constraint social_accounts_display_name_length check (char_length(display_name) between 1 and 200),
  -- The PDS, the Mastodon instance, or the webhook URL's origin (never its path: it often carries a token).
  service_origin text not null constraint social_accounts_service_origin_length check (char_length(service_origin) <= 300),
  -- The account's id on its network once connected (a DID on Bluesky).
  external_id text constraint social_accounts_external_id_length check (char_length(external_id) <= 300),
  -- connecting: waiting for the connect job; connected; reconnect: the network refused its credentials (shown as
  -- "Reconnect"); failed: it never connected (the reason in status_message).
  status text not null default 'connecting' constraint social_accounts_status_check check (status in ('connecting', 'connected', 'reconnect', 'failed')),
  status_message text constraint social_accounts_status_message_length check (char_length(status_message) <= 1000),
  created_by uuid references auth.users (id) on delete set null,
  created_at timestamptz not null default now(),
  updated_at timestamptz not null default now(),
  unique (id, organization_id)
);
create index social_accounts_organization_id_idx on public.social_accounts (organization_id, created_at);

create trigger social_accounts_set_updated_at
  before insert or update on public.social_accounts
  for each row execute function private.set_updated_at();

create table private.social_account_credentials (
  account_id uuid primary key references public.social_accounts (id) on delete cascade,
  -- As submitted, until the connect job seals it: {"identifier": …, "secret": …, "url": …}.
  pending jsonb,
  -- `v1.<key id>.<iv>.<tag>.<ciphertext>` (base64url): AES-256-GCM, the account id as additional data, so a sealed
  -- credential copied onto another account does not open.
  sealed text constraint social_account_credentials_sealed_format check (sealed ~ '^v1\.[A-Za-z0-9_-]+\.[A-Za-z0-9_-]+\.[A-Za-z0-9_-]+\.[A-Za-z0-9_-]+$'),
  updated_at timestamptz not null default now(),
  constraint social_account_credentials_present check (pending is not null or sealed is not null)
);
revoke all on table private.social_account_credentials from public, anon, authenticated;
grant all on table private.social_account_credentials to service_role;

alter table public.social_accounts enable row level security;
revoke all on table public.social_accounts from anon, authenticated;
grant select, delete on table public.social_accounts to authenticated;
grant all on table public.social_accounts to service_role;

create policy "Members read their workspace's social accounts" on public.social_accounts
  for select to authenticated
  using (organization_id in (select private.current_user_organization_ids()));

create policy "Members disconnect their workspace's social accounts" on public.social_accounts
  for delete to authenticated
  using (organization_id in (select private.organization_ids_with_role('member')));

-- Connects an account: checked here, verified with the network by the connect job (connect_social_account).
--   bluesky:  identifier = handle or e-mail, secret = an app password, service_url = the PDS (https://bsky.social)
--   mastodon: identifier = the account's name, secret = an access token with write:statuses, service_url = instance
--   webhook:  identifier = the channel's name, service_url = the receiver's URL; the signing secret is made here and
--             returned once (Standard Webhooks `whsec_…`), as the receiver needs it to verify.
create function public.connect_social_account(workspace_id uuid, network text, identifier text, service_url text, secret text default null)
returns jsonb
language plpgsql volatile security definer
set search_path = ''
as $$
declare
  created public.social_accounts;
  clean_url text := btrim(coalesce(connect_social_account.service_url, ''));
  clean_identifier text := btrim(coalesce(connect_social_account.identifier, ''));
  clean_secret text := btrim(coalesce(connect_social_account.secret, ''));
  url_check record;
begin
  perform private.require_workspace_role(connect_social_account.workspace_id, 'member');
  if connect_social_account.network is null or connect_social_account.network not in ('bluesky', 'mastodon', 'webhook') then
    raise exception 'Choose a network: Bluesky, Mastodon or a webhook.' using errcode = 'P0001', detail = 'network_unknown';
  end if;
  if clean_identifier = '' or char_length(clean_identifier) > 200 then
    raise exception 'Enter the account''s handle or name (at most 200 characters).' using errcode = 'P0001', detail = 'identifier_invalid';
  end if;
  url_check := private.outbound_url_problem(clean_url);
  if url_check.problem is not null then
    raise exception '%', url_check.message using errcode = 'P0001', detail = url_check.problem;
  end if;
  if connect_social_account.network = 'webhook' then
    clean_secret := private.new_webhook_secret();
  elsif clean_secret = '' or char_length(clean_secret) > 2000 then
    raise exception '%', case when connect_social_account.network = 'bluesky' then 'Enter an app password (Settings → Privacy and security → App passwords).'
      else 'Enter an access token with the write:statuses scope.' end
      using errcode = 'P0001', detail = 'secret_missing';
  end if;
  perform 1 from public.organizations o where o.id = connect_social_account.workspace_id for no key update;
  if (select count(*) from public.social_accounts a where a.organization_id = connect_social_account.workspace_id) >= 50 then
    raise exception 'A workspace has at most 50 social accounts: disconnect one first.' using errcode = 'P0001', detail = 'account_limit';
  end if;
  insert into public.social_accounts (organization_id, network, display_name, service_origin, created_by)
  values (connect_social_account.workspace_id, connect_social_account.network, clean_identifier, private.url_origin(clean_url), (select auth.uid()))
  returning * into created;
  insert into private.social_account_credentials (account_id, pending)
  values (created.id, jsonb_build_object('identifier', clean_identifier, 'secret', clean_secret, 'url', clean_url));
  perform private.enqueue_job('connect_social_account', jsonb_build_object('workspace_id', created.organization_id, 'account_id', created.id),
    now(), 'social-account:' || created.id || ':connect', 5);
  return jsonb_build_object('account', to_jsonb(created),
    'signing_secret', case when connect_social_account.network = 'webhook' then clean_secret end);
end
$$;

revoke all on function public.connect_social_account(uuid, text, text, text, text) from public, anon;
grant execute on function public.connect_social_account(uuid, text, text, text, text) to authenticated, service_role;

-- The connect job's read: the account and its credential, for the payload's workspace only.
create function private.social_account_for_job(workspace_id uuid, account_id uuid)
returns table (network text, status text, pending jsonb, sealed text)
language plpgsql stable security definer
set search_path = ''
as $$
declare
  account public.social_accounts;
begin
  select * into account from public.social_accounts a where a.id = social_account_for_job.account_id;
  if not found then
    return;
  end if;
  if account.organization_id <> social_account_for_job.workspace_id then
    raise exception 'social account % does not belong to workspace %', account_id, workspace_id using errcode = '42501', detail = 'foreign_social_account';
  end if;
  return query select account.network, account.status, c.pending, c.sealed
    from private.social_account_credentials c where c.account_id = account.id;
end
$$;

-- The connect job's outcome: connected (the credential sealed, the pending one gone) or failed / reconnect with the
-- network's answer (the pending credential gone as well: nothing unsealed stays behind).
create function private.record_social_account_connection(workspace_id uuid, account_id uuid, status text, sealed text,
  external_id text, message text)
returns void
language plpgsql volatile security definer
set search_path = ''
as $$
begin
  if record_social_account_connection.status not in ('connected', 'reconnect', 'failed') then
    raise exception 'unknown account status %', status using errcode = '22023';
  end if;
  update public.social_accounts a set
    status = record_social_account_connection.status,
    status_message = left(record_social_account_connection.message, 1000),
    external_id = coalesce(record_social_account_connection.external_id, a.external_id)
  where a.id = record_social_account_connection.account_id and a.organization_id = record_social_account_connection.workspace_id;
  if not found then
    return;
  end if;
  if record_social_account_connection.sealed is not null then
    update private.social_account_credentials c set sealed = record_social_account_connection.sealed, pending = null, updated_at = now()
    where c.account_id = record_social_account_connection.account_id;
  else
    -- Refused: the submitted credential goes (a previously sealed one stays, for the record of what worked).
    delete from private.social_account_credentials c where c.account_id = record_social_account_connection.account_id and c.sealed is null;
    update private.social_account_credentials c set pending = null where c.account_id = record_social_account_connection.account_id;
  end if;
end
$$;

revoke all on function private.social_account_for_job(uuid, uuid), private.record_social_account_connection(uuid, uuid, text, text, text, text)
  from public, anon, authenticated;

-- "Reconnect": a new app password or token for an account the network refused (or any account), verified again by
-- the connect job; its queued posts wait for it.
create function public.reconnect_social_account(account_id uuid, secret text)
returns public.social_accounts
language plpgsql volatile security definer
set search_path = ''
as $$
declare
  account public.social_accounts;
  clean_secret text := btrim(coalesce(reconnect_social_account.secret, ''));
begin
  select * into account from public.social_accounts a where a.id = reconnect_social_account.account_id;
  if not found or private.workspace_role(account.organization_id) is null then
    raise exception 'This social account does not exist (any more).' using errcode = 'P0001', detail = 'unknown_account';
  end if;
  perform private.require_workspace_role(account.organization_id, 'member');
  if account.network = 'webhook' then
    raise exception 'A webhook channel has no password: disconnect it and add it again for a new secret.' using errcode = 'P0001', detail = 'secret_not_needed';
  end if;
  if clean_secret = '' or char_length(clean_secret) > 2000 then
    raise exception 'Enter the new app password or access token.' using errcode = 'P0001', detail = 'secret_missing';
  end if;
  update private.social_account_credentials c
  set pending = jsonb_build_object('identifier', account.display_name, 'secret', clean_secret,
      'url', coalesce(c.pending ->> 'url', account.service_origin)), updated_at = now()
  where c.account_id = account.id;
  if not found then
    insert into private.social_account_credentials (account_id, pending)
    values (account.id, jsonb_build_object('identifier', account.display_name, 'secret', clean_secret, 'url', account.service_origin));
  end if;
  update public.social_accounts a set status = 'connecting', status_message = null where a.id = account.id returning * into account;
  perform private.enqueue_job('connect_social_account', jsonb_build_object('workspace_id', account.organization_id, 'account_id', account.id),
    now(), 'social-account:' || account.id || ':connect', 5);
  return account;
end
$$;

revoke all on function public.reconnect_social_account(uuid, text) from public, anon;
grant execute on function public.reconnect_social_account(uuid, text) to authenticated, service_role;
