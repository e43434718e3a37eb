-- Social Hub (issue 30, point 6): figures of published posts, as the networks' APIs return them (Bluesky likes,
-- reposts, replies from app.bsky.feed.getPosts; Mastodon favourites, boosts, replies from GET /api/v1/statuses/:id),
-- fetched by the `fetch_social_figures` job of one workspace (docs/decisions/0022-social-hub.md, 2026-11-28 figures).
--
-- Who sees what: everyone in the workspace (viewers included) reads its figures; nobody writes them directly (the job
-- writes through private.record_social_post_figures, which checks the workspace); other workspaces see nothing.

create table public.social_post_figures (
  channel_id uuid primary key references public.social_post_channels (id) on delete cascade,
  organization_id uuid not null references public.organizations (id) on delete cascade,
  likes integer not null default 0 constraint social_post_figures_likes_check check (likes >= 0),
  reposts integer not null default 0 constraint social_post_figures_reposts_check check (reposts >= 0),
  replies integer not null default 0 constraint social_post_figures_replies_check check (replies >= 0),
  -- When the network last answered with figures; null until it has.
  fetched_at timestamptz,
  -- Why the last fetch brought nothing, in plain words (null when it worked).
  fetch_message text constraint social_post_figures_fetch_message_length check (char_length(fetch_message) <= 1000),
  updated_at timestamptz not null default now()
);
create index social_post_figures_organization_id_idx on public.social_post_figures (organization_id);

alter table public.social_post_figures enable row level security;
revoke all on table public.social_post_figures from anon, authenticated;
grant select on table public.social_post_figures to authenticated;
grant all on table public.social_post_figures to service_role;

create policy "Members read their workspace's social post figures" on public.social_post_figures
  for select to authenticated
  using (organization_id in (select private.current_user_organization_ids()));

-- The job's reading list: the workspace's published channels of the last 30 days whose account is connected, with
-- the account's sealed credential (the job opens it with the server key) and the post's id on the network.
create function private.social_channels_for_figures(workspace_id uuid)
returns table (channel_id uuid, account_id uuid, network text, service_origin text, sealed text, external_id text)
language sql stable security definer
set search_path = ''
as $$
  select c.id, a.id, a.network, a.service_origin, cr.sealed, c.external_id
  from public.social_post_channels c
  join public.social_accounts a on a.id = c.account_id and a.organization_id = c.organization_id
  join private.social_account_credentials cr on cr.account_id = a.id
  where c.organization_id = social_channels_for_figures.workspace_id
    and c.status = 'published' and c.external_id is not null
    and a.status = 'connected' and a.network in ('bluesky', 'mastodon')
    and c.finished_at > now() - interval '30 days'
  order by a.id, c.finished_at desc
  limit 500
$$;

-- What the network answered for one channel: figures (message null), or why there are none (figures null: the
-- previous ones stay). A channel of another workspace is refused (42501: the job fails for good).
create function private.record_social_post_figures(workspace_id uuid, channel_id uuid, likes integer, reposts integer,
  replies integer, message text default null)
returns void
language plpgsql volatile security definer
set search_path = ''
as $$
declare
  channel public.social_post_channels;
begin
  select * into channel from public.social_post_channels c where c.id = record_social_post_figures.channel_id;
  if not found then
    return;
  end if;
  if channel.organization_id <> record_social_post_figures.workspace_id then
    raise exception 'social post channel % does not belong to workspace %', channel_id, workspace_id using errcode = '42501', detail = 'foreign_social_post';
  end if;
  insert into public.social_post_figures as f (channel_id, organization_id, likes, reposts, replies, fetched_at, fetch_message)
  values (channel.id, channel.organization_id, greatest(coalesce(record_social_post_figures.likes, 0), 0),
    greatest(coalesce(record_social_post_figures.reposts, 0), 0), greatest(coalesce(record_social_post_figures.replies, 0), 0),
    case when record_social_post_figures.likes is null then null else now() end, left(record_social_post_figures.message, 1000))
  on conflict on constraint social_post_figures_pkey do update set
    likes = case when record_social_post_figures.likes is null then f.likes else excluded.likes end,
    reposts = case when record_social_post_figures.likes is null then f.reposts else excluded.reposts end,
    replies = case when record_social_post_figures.likes is null then f.replies else excluded.replies end,
    fetched_at = case when record_social_post_figures.likes is null then f.fetched_at else now() end,
    fetch_message = excluded.fetch_message,
    updated_at = now();
end
$$;

create function private.social_figures_job_key(workspace_id uuid) returns text
language sql immutable
set search_path = ''
as $$
  select 'social-figures:' || workspace_id::text
$$;

-- A channel just published: its workspace's figures are fetched a few minutes later (one job per workspace: more
-- posts published meanwhile share it).
create function private.queue_social_figures_after_publishing() returns trigger
language plpgsql volatile security definer
set search_path = ''
as $$
begin
  if new.status = 'published' and old.status is distinct from 'published' then
    perform private.enqueue_job('fetch_social_figures', jsonb_build_object('workspace_id', new.organization_id),
      now() + interval '5 minutes', private.social_figures_job_key(new.organization_id), 3);
  end if;
  return null;
end
$$;

create trigger social_post_channels_queue_figures
  after update of status on public.social_post_channels
  for each row execute function private.queue_social_figures_after_publishing();

-- Hourly (server/src/jobs/schedules.ts): a fetch for every workspace with a post published in the last 30 days.
create function private.queue_social_figure_fetches() returns integer
language plpgsql volatile security definer
set search_path = ''
as $$
declare
  workspace uuid;
  queued integer := 0;
begin
  for workspace in
    select distinct c.organization_id from public.social_post_channels c
    where c.status = 'published' and c.finished_at > now() - interval '30 days'
  loop
    perform private.enqueue_job('fetch_social_figures', jsonb_build_object('workspace_id', workspace), now(),
      private.social_figures_job_key(workspace), 3);
    queued := queued + 1;
  end loop;
  return queued;
end
$$;

revoke all on function private.social_channels_for_figures(uuid), private.record_social_post_figures(uuid, uuid, integer, integer, integer, text),
  private.social_figures_job_key(uuid), private.queue_social_figures_after_publishing(), private.queue_social_figure_fetches()
  from public, anon, authenticated;
