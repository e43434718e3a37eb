-- Link previews of social posts (issue 30 point 2, decision 0022 "Link previews"): the first http(s) URL of a post's
-- text gets a preview row (`pending`) and a `fetch_social_link_preview` job whenever the text is written or changes
-- its first URL; the job fetches the page through the outbound client (private and loopback addresses refused unless
-- the server's setting allows them; size and time limits), reads og:title / og:description / og:image and records
-- `ready` — or `failed` with the reason, which only means "no card": the post itself is never held back by it.
-- Everyone in the workspace reads previews; only the job writes them (private.record_social_link_preview).

create table public.social_link_previews (
  post_id uuid primary key,
  organization_id uuid not null references public.organizations (id) on delete cascade,
  url text not null constraint social_link_previews_url_length check (char_length(url) <= 2000),
  status text not null default 'pending' constraint social_link_previews_status_check check (status in ('pending', 'ready', 'failed')),
  title text constraint social_link_previews_title_length check (char_length(title) <= 300),
  description text constraint social_link_previews_description_length check (char_length(description) <= 1000),
  image_url text constraint social_link_previews_image_url_length check (char_length(image_url) <= 2000),
  note text constraint social_link_previews_note_length check (char_length(note) <= 500),
  fetched_at timestamptz,
  constraint social_link_previews_post_fkey foreign key (post_id, organization_id)
    references public.social_posts (id, organization_id) on delete cascade
);
create index social_link_previews_organization_id_idx on public.social_link_previews (organization_id);

alter table public.social_link_previews enable row level security;
revoke all on table public.social_link_previews from anon, authenticated;
grant select on table public.social_link_previews to authenticated;
grant all on table public.social_link_previews to service_role;

create policy "Members read their workspace's social link previews" on public.social_link_previews
  for select to authenticated
  using (organization_id in (select private.current_user_organization_ids()));

-- The first http(s) URL of a text (trailing punctuation left out), or null.
create function private.first_url(body text) returns text
language sql immutable
set search_path = ''
as $$
  select substring(body from '(https?://[^\s<>"]+[^\s<>".,;:!?''")\]])')
$$;

create function private.queue_social_link_preview() returns trigger
language plpgsql volatile security definer
set search_path = ''
as $$
declare
  wanted text := private.first_url(new.body);
begin
  if wanted is null then
    delete from public.social_link_previews l where l.post_id = new.id;
    return null;
  end if;
  if exists (select 1 from public.social_link_previews l where l.post_id = new.id and l.url = wanted) then
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

create trigger social_posts_queue_link_preview_on_insert after insert on public.social_posts
  for each row execute function private.queue_social_link_preview();
create trigger social_posts_queue_link_preview_on_update after update of body on public.social_posts
  for each row when (old.body is distinct from new.body) execute function private.queue_social_link_preview();

-- The job's outcome, kept only while the post still links to that URL (an edit meanwhile queued a new job).
-- Another workspace's post: 42501.
create function private.record_social_link_preview(workspace uuid, post uuid, page_url text, outcome text, page_title text, page_description text, page_image text, why text)
returns boolean
language plpgsql volatile security definer
set search_path = ''
as $$
begin
  if exists (select 1 from public.social_posts p where p.id = post and p.organization_id <> workspace) then
    raise exception 'social post % is not of workspace %', post, workspace using errcode = '42501', detail = 'foreign_social_post';
  end if;
  update public.social_link_previews l set
    status = outcome, title = left(page_title, 300), description = left(page_description, 1000), image_url = left(page_image, 2000),
    note = left(why, 500), fetched_at = now()
  where l.post_id = post and l.organization_id = workspace and l.url = page_url;
  return found;
end
$$;

-- What the publishing job puts on a Bluesky post as its card: a ready preview of the channel's post, if any.
create function private.social_link_preview_for_job(workspace uuid, channel uuid)
returns table (url text, title text, description text)
language plpgsql stable security definer
set search_path = ''
as $$
begin
  if exists (select 1 from public.social_post_channels c where c.id = channel and c.organization_id <> workspace) then
    raise exception 'social post channel % does not belong to workspace %', channel, workspace using errcode = '42501', detail = 'foreign_social_post';
  end if;
  return query
    select l.url, coalesce(l.title, ''), coalesce(l.description, '')
    from public.social_post_channels c join public.social_link_previews l on l.post_id = c.post_id and l.organization_id = workspace
    where c.id = channel and c.organization_id = workspace and l.status = 'ready';
end
$$;
revoke all on function private.record_social_link_preview(uuid, uuid, text, text, text, text, text, text),
  private.social_link_preview_for_job(uuid, uuid) from public, anon, authenticated;
