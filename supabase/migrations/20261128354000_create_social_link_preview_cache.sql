-- Link cards in the composer before a post is saved (issue 30 point 2, decision 0022 "session 8"): the browser cannot
-- fetch other sites (and hosted Supabase has no server of ours), so the composer asks
-- `request_social_link_preview(p_workspace_id, p_url)` for the first link of the text; the RPC queues the existing
-- `fetch_social_link_preview` job (a payload without post_id: the page is fetched by the job runner through the
-- outbound client — private and loopback addresses refused unless OUTBOUND_ALLOW_PRIVATE allows them) and returns the
-- workspace's cached row, which the browser polls until it is `ready` or `failed`. When the post is then saved, the
-- post's preview (social_link_previews) is copied from a fresh ready card instead of fetching the page again.
--
-- Who: members, admins and owners (they compose posts); viewers `role_too_low`, another workspace `not_a_member`,
-- anonymous callers have no grant. A workspace reads only its own cards (RLS). Refused input: `invalid_url` (not the
-- http(s) link the post would carry: the same first_url rule as the post's trigger), `too_many_link_previews` (more
-- than 120 new fetches a workspace in an hour).

create table public.social_link_preview_cache (
  organization_id uuid not null references public.organizations (id) on delete cascade,
  url text not null constraint social_link_preview_cache_url_length check (char_length(url) <= 2000),
  status text not null default 'pending' constraint social_link_preview_cache_status_check check (status in ('pending', 'ready', 'failed')),
  title text constraint social_link_preview_cache_title_length check (char_length(title) <= 300),
  description text constraint social_link_preview_cache_description_length check (char_length(description) <= 1000),
  image_url text constraint social_link_preview_cache_image_url_length check (char_length(image_url) <= 2000),
  note text constraint social_link_preview_cache_note_length check (char_length(note) <= 500),
  requested_at timestamptz not null default now(),
  requested_by uuid references auth.users (id) on delete set null,
  fetched_at timestamptz,
  primary key (organization_id, url)
);
create index social_link_preview_cache_requested_idx on public.social_link_preview_cache (organization_id, requested_at);
create index social_link_preview_cache_requested_by_idx on public.social_link_preview_cache (requested_by);

alter table public.social_link_preview_cache enable row level security;
revoke all on table public.social_link_preview_cache from anon, authenticated;
grant select on table public.social_link_preview_cache to authenticated;
grant all on table public.social_link_preview_cache to service_role;

create policy "Members read their workspace's cached link cards" on public.social_link_preview_cache
  for select to authenticated
  using (organization_id in (select private.current_user_organization_ids()));

create function public.request_social_link_preview(p_workspace_id uuid, p_url text)
returns public.social_link_preview_cache
language plpgsql volatile security definer
set search_path = ''
as $$
declare
  wanted text := btrim(p_url);
  card public.social_link_preview_cache;
begin
  perform private.require_workspace_role(p_workspace_id, 'member');
  if wanted is null or char_length(wanted) > 2000 or private.first_url(wanted) is distinct from wanted then
    raise exception 'Only a web address starting with http:// or https:// gets a preview card.' using errcode = 'P0001', detail = 'invalid_url';
  end if;
  -- Old cards go (a week), so the table stays the composer's short-term memory.
  delete from public.social_link_preview_cache c where c.organization_id = p_workspace_id and c.requested_at < now() - interval '7 days';
  select * into card from public.social_link_preview_cache c where c.organization_id = p_workspace_id and c.url = wanted for update;
  if found and (
    (card.status = 'pending' and card.requested_at > now() - interval '2 minutes')
    or (card.status = 'ready' and card.fetched_at > now() - interval '1 day')
    or (card.status = 'failed' and card.fetched_at > now() - interval '10 minutes')
  ) then
    return card;
  end if;
  if (select count(*) from public.social_link_preview_cache c where c.organization_id = p_workspace_id and c.requested_at > now() - interval '1 hour') >= 120 then
    raise exception 'Too many link previews were asked for in this workspace in the last hour: try again later.' using errcode = 'P0001', detail = 'too_many_link_previews';
  end if;
  insert into public.social_link_preview_cache as c (organization_id, url, requested_by)
  values (p_workspace_id, wanted, (select auth.uid()))
  on conflict (organization_id, url) do update set status = 'pending', title = null, description = null, image_url = null, note = null,
    fetched_at = null, requested_at = now(), requested_by = excluded.requested_by
  returning * into card;
  perform private.enqueue_job('fetch_social_link_preview', jsonb_build_object('workspace_id', p_workspace_id, 'url', wanted),
    null, 'social-link-draft:' || p_workspace_id::text || ':' || md5(wanted), 3);
  return card;
end
$$;
revoke all on function public.request_social_link_preview(uuid, text) from public, anon;
grant execute on function public.request_social_link_preview(uuid, text) to authenticated, service_role;

-- The job's outcome for a composer's card (only while the row still waits for that fetch).
create function private.record_social_link_preview_cache(workspace uuid, page_url text, outcome text, page_title text, page_description text, page_image text, why text)
returns boolean
language plpgsql volatile security definer
set search_path = ''
as $$
begin
  update public.social_link_preview_cache c set
    status = outcome, title = left(page_title, 300), description = left(page_description, 1000), image_url = left(page_image, 2000),
    note = left(why, 500), fetched_at = now()
  where c.organization_id = workspace and c.url = page_url;
  return found;
end
$$;
revoke all on function private.record_social_link_preview_cache(uuid, text, text, text, text, text, text) from public, anon, authenticated;

-- The post's trigger (20261128343100) again, now taking a fresh ready card of the composer's cache instead of
-- fetching the same page a second time.
create or replace function private.queue_social_link_preview() returns trigger
language plpgsql volatile security definer
set search_path = ''
as $$
declare
  wanted text := private.first_url(new.body);
  cached public.social_link_preview_cache;
begin
  if wanted is null then
    delete from public.social_link_previews l where l.post_id = new.id;
    return null;
  end if;
  if exists (select 1 from public.social_link_previews l where l.post_id = new.id and l.url = wanted) then
    return null;
  end if;
  select * into cached from public.social_link_preview_cache c
  where c.organization_id = new.organization_id and c.url = left(wanted, 2000) and c.status = 'ready' and c.fetched_at > now() - interval '1 day';
  if found then
    insert into public.social_link_previews (post_id, organization_id, url, status, title, description, image_url, fetched_at)
    values (new.id, new.organization_id, cached.url, 'ready', cached.title, cached.description, cached.image_url, cached.fetched_at)
    on conflict (post_id) do update set url = excluded.url, status = 'ready', title = excluded.title, description = excluded.description,
      image_url = excluded.image_url, note = null, fetched_at = excluded.fetched_at;
    perform private.cancel_job('social-link:' || new.id::text);
    return null;
  end if;
  insert into public.social_link_previews (post_id, organization_id, url)
  values (new.id, new.organization_id, left(wanted, 2000))
  on conflict (post_id) do update set url = excluded.url, status = 'pending', title = null, description = null, image_url = null, note = null, fetched_at = null;
  perform private.enqueue_job('fetch_social_link_preview', jsonb_build_object('workspace_id', new.organization_id, 'post_id', new.id, 'url', left(wanted, 2000)),
    null, 'social-link:' || new.id::text, 3);
  return null;
end
$$;
revoke all on function private.queue_social_link_preview() from public, anon, authenticated;
