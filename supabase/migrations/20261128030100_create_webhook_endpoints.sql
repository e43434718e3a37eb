-- Outgoing webhooks (issue 26): the URLs a workspace's admins register to hear of its events (content.published,
-- content.unpublished), each with a Standard Webhooks signing secret (`whsec_` + base64 of 32 random bytes).
--
-- Who sees what:
--   everyone in the workspace (viewers included) reads the endpoints: description, events, whether enabled, and the
--     URL's origin (`url_origin`, e.g. https://hooks.zapier.com), so the team knows where its content goes;
--   admins and owners alone read the full URL and the secret (`reveal_webhook_endpoint`): Zapier, Make and n8n put a
--     bearer token in the URL's path, and the secret lets anyone forge deliveries;
--   admins and owners add, change, disable, rotate and delete; nobody else in or outside the workspace does.
-- Writes go through the functions below (the URL and the secret live in private.webhook_endpoint_credentials, which
-- the API roles cannot read), except delete, which RLS allows admins directly.

create table public.webhook_endpoints (
  id uuid primary key default gen_random_uuid(),
  organization_id uuid not null references public.organizations (id) on delete cascade,
  url_origin text not null constraint webhook_endpoints_url_origin_length check (char_length(url_origin) <= 300),
  description text not null default '' constraint webhook_endpoints_description_length check (char_length(description) <= 200),
  events text[] not null constraint webhook_endpoints_events_check check (
    cardinality(events) between 1 and 10 and events <@ array['content.published', 'content.unpublished']
  ),
  enabled boolean not null default true,
  created_by uuid references auth.users (id) on delete set null,
  created_at timestamptz not null default now(),
  updated_at timestamptz not null default now(),
  unique (id, organization_id)
);
create index webhook_endpoints_organization_id_idx on public.webhook_endpoints (organization_id, created_at);

create trigger webhook_endpoints_set_updated_at
  before insert or update on public.webhook_endpoints
  for each row execute function private.set_updated_at();

create table private.webhook_endpoint_credentials (
  endpoint_id uuid primary key references public.webhook_endpoints (id) on delete cascade,
  url text not null,
  secret text not null constraint webhook_endpoint_credentials_secret_format check (secret ~ '^whsec_[A-Za-z0-9+/]+={0,2}$'),
  -- After a rotation the previous secret still signs (a second signature) for 24 hours, so receivers can switch over.
  previous_secret text,
  previous_secret_expires_at timestamptz
);
revoke all on table private.webhook_endpoint_credentials from public, anon, authenticated;

alter table public.webhook_endpoints enable row level security;
revoke all on table public.webhook_endpoints from anon, authenticated;
grant select, delete on table public.webhook_endpoints to authenticated;
grant all on table public.webhook_endpoints to service_role;

create policy "Members read their workspace's webhook endpoints" on public.webhook_endpoints
  for select to authenticated
  using (organization_id in (select private.current_user_organization_ids()));

create policy "Admins delete their workspace's webhook endpoints" on public.webhook_endpoints
  for delete to authenticated
  using (organization_id in (select private.organization_ids_with_role('admin')));

-- A new signing secret: 32 bytes from two random UUIDs' 244 random bits (gen_random_uuid reads the kernel's CSPRNG).
create function private.new_webhook_secret() returns text
language sql volatile
set search_path = ''
as $$
  select 'whsec_' || encode(decode(replace(gen_random_uuid()::text || gen_random_uuid()::text, '-', ''), 'hex'), 'base64')
$$;

-- `https://user:pass@hooks.example.com:8443/x?y` → `https://hooks.example.com:8443`.
create function private.url_origin(url text) returns text
language sql immutable parallel safe
set search_path = ''
as $$
  select lower(substring(url from '^([A-Za-z]+://)')) || lower(substring(url from '^[A-Za-z]+://(?:[^/?#]*@)?([^/?#]+)'))
$$;

-- The endpoint's fields as given, checked: a bad one raises with the field's code in `detail` and its sentence.
create function private.check_webhook_endpoint_input(url text, description text, events text[]) returns void
language plpgsql stable
set search_path = ''
as $$
declare
  url_check record;
begin
  if url is not null then
    url_check := private.outbound_url_problem(url);
    if url_check.problem is not null then
      raise exception '%', url_check.message using errcode = 'P0001', detail = url_check.problem;
    end if;
  end if;
  if description is not null and char_length(description) > 200 then
    raise exception 'A description has at most 200 characters.' using errcode = 'P0001', detail = 'description_too_long';
  end if;
  if events is not null and (cardinality(events) = 0 or array_position(events, null) is not null) then
    raise exception 'Choose at least one event.' using errcode = 'P0001', detail = 'events_empty';
  end if;
  if events is not null and not events <@ array['content.published', 'content.unpublished'] then
    raise exception 'Unknown event: choose content.published or content.unpublished.' using errcode = 'P0001', detail = 'events_unknown';
  end if;
end
$$;

create function public.create_webhook_endpoint(workspace_id uuid, url text, events text[], description text default '', enabled boolean default true)
returns public.webhook_endpoints
language plpgsql volatile security definer
set search_path = ''
as $$
declare
  created public.webhook_endpoints;
  clean_url text := btrim(create_webhook_endpoint.url);
  clean_description text := btrim(coalesce(create_webhook_endpoint.description, ''));
begin
  perform private.require_workspace_role(create_webhook_endpoint.workspace_id, 'admin');
  perform private.check_webhook_endpoint_input(coalesce(clean_url, ''), clean_description, coalesce(create_webhook_endpoint.events, '{}'));
  -- Taken per workspace: two admins adding at once cannot both pass the count.
  perform 1 from public.organizations o where o.id = create_webhook_endpoint.workspace_id for no key update;
  if (select count(*) from public.webhook_endpoints e where e.organization_id = create_webhook_endpoint.workspace_id) >= 20 then
    raise exception 'A workspace has at most 20 webhook endpoints: delete one first.' using errcode = 'P0001', detail = 'endpoint_limit';
  end if;
  insert into public.webhook_endpoints (organization_id, url_origin, description, events, enabled, created_by)
  values (create_webhook_endpoint.workspace_id, private.url_origin(clean_url), clean_description,
    (select array_agg(distinct e order by e) from unnest(create_webhook_endpoint.events) e), coalesce(create_webhook_endpoint.enabled, true), (select auth.uid()))
  returning * into created;
  insert into private.webhook_endpoint_credentials (endpoint_id, url, secret) values (created.id, clean_url, private.new_webhook_secret());
  return created;
end
$$;

-- Changes what is given (null: unchanged). Re-enabling an endpoint resumes its waiting deliveries.
create function public.update_webhook_endpoint(endpoint_id uuid, url text default null, events text[] default null,
  description text default null, enabled boolean default null)
returns public.webhook_endpoints
language plpgsql volatile security definer
set search_path = ''
as $$
declare
  endpoint public.webhook_endpoints;
  clean_url text := btrim(update_webhook_endpoint.url);
begin
  select * into endpoint from public.webhook_endpoints e where e.id = update_webhook_endpoint.endpoint_id;
  if not found or private.workspace_role(endpoint.organization_id) is null then
    raise exception 'This webhook endpoint does not exist (any more).' using errcode = 'P0001', detail = 'unknown_endpoint';
  end if;
  perform private.require_workspace_role(endpoint.organization_id, 'admin');
  perform private.check_webhook_endpoint_input(clean_url, btrim(update_webhook_endpoint.description), update_webhook_endpoint.events);
  if clean_url is not null then
    update private.webhook_endpoint_credentials c set url = clean_url where c.endpoint_id = endpoint.id;
  end if;
  update public.webhook_endpoints e set
    url_origin = coalesce(private.url_origin(clean_url), e.url_origin),
    description = coalesce(btrim(update_webhook_endpoint.description), e.description),
    events = coalesce((select array_agg(distinct x order by x) from unnest(update_webhook_endpoint.events) x), e.events),
    enabled = coalesce(update_webhook_endpoint.enabled, e.enabled)
  where e.id = endpoint.id
  returning * into endpoint;
  return endpoint;
end
$$;

-- The full URL and the signing secret(s), for admins and owners.
create function public.reveal_webhook_endpoint(endpoint_id uuid)
returns table (url text, secret text, previous_secret_expires_at timestamptz)
language plpgsql stable security definer
set search_path = ''
as $$
declare
  organization uuid := (select e.organization_id from public.webhook_endpoints e where e.id = reveal_webhook_endpoint.endpoint_id);
begin
  if organization is null or private.workspace_role(organization) is null then
    raise exception 'This webhook endpoint does not exist (any more).' using errcode = 'P0001', detail = 'unknown_endpoint';
  end if;
  perform private.require_workspace_role(organization, 'admin');
  return query
    select c.url, c.secret, case when c.previous_secret_expires_at > now() then c.previous_secret_expires_at end
    from private.webhook_endpoint_credentials c where c.endpoint_id = reveal_webhook_endpoint.endpoint_id;
end
$$;

-- A new secret; the old one keeps signing beside it for 24 hours. Returns the new secret.
create function public.rotate_webhook_secret(endpoint_id uuid) returns text
language plpgsql volatile security definer
set search_path = ''
as $$
declare
  organization uuid := (select e.organization_id from public.webhook_endpoints e where e.id = rotate_webhook_secret.endpoint_id);
  fresh text := private.new_webhook_secret();
begin
  if organization is null or private.workspace_role(organization) is null then
    raise exception 'This webhook endpoint does not exist (any more).' using errcode = 'P0001', detail = 'unknown_endpoint';
  end if;
  perform private.require_workspace_role(organization, 'admin');
  update private.webhook_endpoint_credentials c
  set previous_secret = c.secret, previous_secret_expires_at = now() + interval '24 hours', secret = fresh
  where c.endpoint_id = rotate_webhook_secret.endpoint_id;
  return fresh;
end
$$;

revoke all on function private.new_webhook_secret(), private.url_origin(text), private.check_webhook_endpoint_input(text, text, text[])
  from public, anon, authenticated;
revoke all on function public.create_webhook_endpoint(uuid, text, text[], text, boolean),
  public.update_webhook_endpoint(uuid, text, text[], text, boolean), public.reveal_webhook_endpoint(uuid),
  public.rotate_webhook_secret(uuid) from public, anon;
grant execute on function public.create_webhook_endpoint(uuid, text, text[], text, boolean),
  public.update_webhook_endpoint(uuid, text, text[], text, boolean), public.reveal_webhook_endpoint(uuid),
  public.rotate_webhook_secret(uuid) to authenticated, service_role;
