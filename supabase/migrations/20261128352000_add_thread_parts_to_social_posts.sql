-- Threads (issue 30 point 5, decision 0022 "session 8"): a post's version for an account may carry follow-up parts,
-- published as replies to it (Bluesky: a reply chain with root/parent refs; Mastodon: in_reply_to_id) or, on the
-- webhook channel, sent in its payload. The parts live on the channel (`social_post_channels.parts`, up to 9 texts of
-- 1–5,000 characters), so the table's RLS (everyone in the workspace reads, nobody writes directly) covers them;
-- save_social_post takes them per channel (`parts`: a list of texts; left out, an edit keeps them) and refuses bad ones (`parts_invalid`,
-- `parts_too_many`, `part_empty`, `part_too_long`). Changing the parts of an approved post sends it back for approval.
-- The network's own rules (length) are checked by src/features/social/network-rules.ts per part in the composer and
-- again by the job.
--
-- Exactly once per part: private.social_post_part_sends keeps one row per (channel, position) — 0 is the channel's
-- own text, 1.. its parts — written `attempting` (committed) before the network call and `published` with the
-- network's id (and Bluesky's cid, for the next reply's refs) after it. A run never sends a part recorded published;
-- a run that finds its channel mid-attempt marks it unconfirmed (as for single posts) and sends nothing. When a person
-- sends an unconfirmed channel again, the published parts are kept and the thread goes on from the first one not out.

alter table public.social_post_channels add column parts text[] not null default '{}'
  constraint social_post_channels_parts_check check (
    cardinality(parts) <= 9 and array_position(parts, null) is null
  );

create table private.social_post_part_sends (
  channel_id uuid not null references public.social_post_channels (id) on delete cascade,
  organization_id uuid not null references public.organizations (id) on delete cascade,
  position smallint not null constraint social_post_part_sends_position_check check (position between 0 and 9),
  status text not null constraint social_post_part_sends_status_check check (status in ('attempting', 'published')),
  external_id text,
  external_cid text,
  url text,
  updated_at timestamptz not null default now(),
  primary key (channel_id, position)
);
create index social_post_part_sends_organization_id_idx on private.social_post_part_sends (organization_id);
alter table private.social_post_part_sends enable row level security;
revoke all on table private.social_post_part_sends from public, anon, authenticated;
grant all on table private.social_post_part_sends to service_role;

-- The parts of every channel of a post as one comparable text: whether an edit changed them.
create function private.social_post_parts_content(post_id uuid) returns text
language sql stable security definer
set search_path = ''
as $$
  select coalesce(string_agg(c.account_id::text || chr(31) || array_to_string(c.parts, chr(29)), chr(30) order by c.account_id), '')
  from public.social_post_channels c where c.post_id = social_post_parts_content.post_id
$$;
revoke all on function private.social_post_parts_content(uuid) from public, anon, authenticated;

-- The publishing job's view of a channel's parts and of what is already out, confined to its workspace (42501).
create function private.social_post_parts_for_job(workspace uuid, channel uuid)
returns table (part_position smallint, body text, status text, external_id text, external_cid text, url text)
language plpgsql stable security definer
set search_path = ''
as $$
begin
  if exists (select 1 from public.social_post_channels c where c.id = channel and c.organization_id <> workspace) then
    raise exception 'social post channel % does not belong to workspace %', channel, workspace using errcode = '42501', detail = 'foreign_social_post';
  end if;
  return query
    select p.n::smallint, p.text_of_part, s.status, s.external_id, s.external_cid, s.url
    from public.social_post_channels c
    cross join lateral (select 0::bigint as n, c.body as text_of_part union all select u.ord, u.part from unnest(c.parts) with ordinality as u(part, ord)) p
    left join private.social_post_part_sends s on s.channel_id = c.id and s.position = p.n
    where c.id = channel and c.organization_id = workspace
    order by p.n;
end
$$;
revoke all on function private.social_post_parts_for_job(uuid, uuid) from public, anon, authenticated;

-- A part about to be sent (committed before the network call), or sent (with what the network gave back). Only for
-- a channel the job holds (`attempting`) in its workspace; a part already published is never written again.
create function private.record_social_post_part(workspace uuid, channel uuid, part_position integer, part_status text,
  part_external_id text default null, part_external_cid text default null, part_url text default null)
returns boolean
language plpgsql volatile security definer
set search_path = ''
as $$
declare
  written integer;
begin
  if not exists (select 1 from public.social_post_channels c where c.id = channel and c.organization_id = workspace and c.status = 'attempting') then
    raise exception 'social post channel % of workspace % is not being sent', channel, workspace using errcode = '42501', detail = 'foreign_social_post';
  end if;
  insert into private.social_post_part_sends (channel_id, organization_id, position, status, external_id, external_cid, url)
  values (channel, workspace, part_position, part_status, part_external_id, part_external_cid, part_url)
  on conflict (channel_id, position) do update set status = excluded.status, external_id = excluded.external_id,
    external_cid = excluded.external_cid, url = excluded.url, updated_at = now()
  where private.social_post_part_sends.status <> 'published';
  get diagnostics written = row_count;
  return written = 1;
end
$$;
revoke all on function private.record_social_post_part(uuid, uuid, integer, text, text, text, text) from public, anon, authenticated;

-- A claimed channel (fresh, or sent again by a person after an unconfirmed outcome) forgets parts left mid-attempt:
-- a person decided to send again. Parts recorded published stay, and are skipped.
create function private.forget_unsent_social_post_parts(workspace uuid, channel uuid) returns void
language sql volatile security definer
set search_path = ''
as $$
  delete from private.social_post_part_sends s where s.channel_id = channel and s.organization_id = workspace and s.status = 'attempting'
$$;
revoke all on function private.forget_unsent_social_post_parts(uuid, uuid) from public, anon, authenticated;

-- save_social_post: as in 20261128343000, with `parts` per channel.
create or replace function public.save_social_post(workspace_id uuid, body text, channels jsonb, scheduled_at timestamptz default null, post_id uuid default null, media jsonb default null)
returns public.social_posts
language plpgsql volatile security definer
set search_path = ''
as $$
declare
  post public.social_posts;
  channel jsonb;
  channel_account uuid;
  channel_body text;
  channel_parts text[];
  has_parts boolean;
  part text;
  was_parts text;
  wanted uuid[] := '{}';
  was_status text;
  was_content text;
  is_changed boolean;
  needs_approval boolean;
  next_status text;
  item jsonb;
  item_asset uuid;
  item_alt text;
  asset record;
  was_media text;
  media_count integer := 0;
  picked uuid[] := '{}';
begin
  perform private.require_workspace_role(save_social_post.workspace_id, 'member');
  if save_social_post.body is null or char_length(save_social_post.body) > 5000 then
    raise exception 'A post has at most 5,000 characters.' using errcode = 'P0001', detail = 'body_too_long';
  end if;
  if save_social_post.channels is null or jsonb_typeof(save_social_post.channels) <> 'array' or jsonb_array_length(save_social_post.channels) = 0 then
    raise exception 'Choose at least one account to post to.' using errcode = 'P0001', detail = 'channels_empty';
  end if;
  if save_social_post.scheduled_at is not null and save_social_post.scheduled_at < now() - interval '1 minute' then
    raise exception 'This moment has passed: choose a time in the future.' using errcode = 'P0001', detail = 'schedule_in_past';
  end if;
  if save_social_post.media is not null and jsonb_typeof(save_social_post.media) <> 'array' then
    raise exception 'The media must be a list of assets with alt text.' using errcode = 'P0001', detail = 'media_invalid';
  end if;
  if jsonb_array_length(coalesce(save_social_post.media, '[]')) > 4 then
    raise exception 'A post takes at most 4 images.' using errcode = 'P0001', detail = 'media_too_many';
  end if;
  for item in select value from jsonb_array_elements(coalesce(save_social_post.media, '[]')) loop
    begin
      item_asset := (item ->> 'asset_id')::uuid;
    exception when invalid_text_representation then
      item_asset := null;
    end;
    select a.id, a.status, a.kind, v.state into asset
    from public.assets a left join public.asset_versions v on v.id = a.current_version_id
    where a.id = item_asset and a.organization_id = save_social_post.workspace_id;
    if not found then
      raise exception 'One of the chosen files is not in this workspace''s asset library.' using errcode = 'P0001', detail = 'unknown_asset';
    end if;
    if asset.status <> 'approved' or asset.state is distinct from 'ready' then
      raise exception 'Only approved assets can go into a post: one of the chosen files is not approved (any more).' using errcode = 'P0001', detail = 'asset_not_approved';
    end if;
    if asset.kind not in ('image', 'video') then
      raise exception 'A post takes images and video only.' using errcode = 'P0001', detail = 'asset_kind';
    end if;
    if item_asset = any (picked) then
      raise exception 'Each file can go into a post once.' using errcode = 'P0001', detail = 'asset_twice';
    end if;
    item_alt := btrim(coalesce(item ->> 'alt', ''));
    if item_alt = '' then
      raise exception 'Describe each image for people who cannot see it: alt text is required.' using errcode = 'P0001', detail = 'alt_text_missing';
    end if;
    if char_length(item_alt) > 2000 then
      raise exception 'Alt text has at most 2,000 characters.' using errcode = 'P0001', detail = 'alt_text_too_long';
    end if;
    picked := picked || item_asset;
  end loop;
  if save_social_post.post_id is null then
    insert into public.social_posts (organization_id, body, scheduled_at, created_by)
    values (save_social_post.workspace_id, save_social_post.body, save_social_post.scheduled_at, (select auth.uid()))
    returning * into post;
  else
    select * into post from public.social_posts p where p.id = save_social_post.post_id and p.organization_id = save_social_post.workspace_id for update;
    if not found then
      raise exception 'This post does not exist (any more).' using errcode = 'P0001', detail = 'unknown_post';
    end if;
    -- Wait for any job claiming one of its channels, then look at what it left (a new statement sees its commit).
    perform 1 from public.social_post_channels c where c.post_id = post.id order by c.id for update;
    if exists (select 1 from public.social_post_channels c where c.post_id = post.id and c.status not in ('draft', 'awaiting_approval', 'scheduled')) then
      raise exception 'This post has already gone out (or is going out) on some accounts: it can no longer change.' using errcode = 'P0001', detail = 'post_sent';
    end if;
    was_status := post.approval_status;
    was_content := private.social_post_content(post.id);
    was_media := private.social_post_media_content(post.id);
    was_parts := private.social_post_parts_content(post.id);
    -- Nothing is scheduled while the channels are rewritten: the approval is settled below.
    update public.social_post_channels c set status = 'draft' where c.post_id = post.id and c.status <> 'draft';
    update public.social_posts p set body = save_social_post.body, scheduled_at = save_social_post.scheduled_at
    where p.id = post.id returning * into post;
  end if;
  for channel in select value from jsonb_array_elements(save_social_post.channels) loop
    begin
      channel_account := (channel ->> 'account_id')::uuid;
    exception when invalid_text_representation then
      channel_account := null;
    end;
    if channel_account is null or not exists (
      select 1 from public.social_accounts a where a.id = channel_account and a.organization_id = save_social_post.workspace_id
    ) then
      raise exception 'One of the chosen accounts is not connected to this workspace.' using errcode = 'P0001', detail = 'unknown_account';
    end if;
    if channel_account = any (wanted) then
      raise exception 'Each account can take a post once.' using errcode = 'P0001', detail = 'account_twice';
    end if;
    channel_body := coalesce(channel ->> 'body', save_social_post.body);
    if char_length(channel_body) > 5000 then
      raise exception 'A post has at most 5,000 characters.' using errcode = 'P0001', detail = 'body_too_long';
    end if;
    channel_parts := '{}';
    has_parts := channel ? 'parts';
    if channel ? 'parts' and jsonb_typeof(channel -> 'parts') <> 'null' then
      if jsonb_typeof(channel -> 'parts') <> 'array' then
        raise exception 'A thread''s parts must be a list of texts.' using errcode = 'P0001', detail = 'parts_invalid';
      end if;
      if jsonb_array_length(channel -> 'parts') > 9 then
        raise exception 'A thread has at most 10 posts: the first and 9 more.' using errcode = 'P0001', detail = 'parts_too_many';
      end if;
      for item in select value from jsonb_array_elements(channel -> 'parts') loop
        if jsonb_typeof(item) <> 'string' then
          raise exception 'A thread''s parts must be a list of texts.' using errcode = 'P0001', detail = 'parts_invalid';
        end if;
        part := item #>> '{}';
        if btrim(part) = '' then
          raise exception 'A part of the thread is empty: write it or remove it.' using errcode = 'P0001', detail = 'part_empty';
        end if;
        if char_length(part) > 5000 then
          raise exception 'A part of the thread has at most 5,000 characters.' using errcode = 'P0001', detail = 'part_too_long';
        end if;
        channel_parts := channel_parts || part;
      end loop;
    end if;
    wanted := wanted || channel_account;
    insert into public.social_post_channels (organization_id, post_id, account_id, body, parts, status)
    values (save_social_post.workspace_id, post.id, channel_account, channel_body, channel_parts, 'draft')
    on conflict on constraint social_post_channels_post_id_account_id_key do update set body = excluded.body,
      -- No `parts` given: an edit keeps the channel's thread as it was (as `media` left out keeps the media).
      parts = case when has_parts then excluded.parts else public.social_post_channels.parts end, status = 'draft', updated_at = now();
  end loop;
  delete from public.social_post_channels c where c.post_id = post.id and not (c.account_id = any (wanted));
  -- No media given: an edit keeps the post's media as it was.
  if save_social_post.media is not null then
    delete from public.social_post_media m where m.post_id = post.id;
    for item in select value from jsonb_array_elements(save_social_post.media) loop
      insert into public.social_post_media (organization_id, post_id, asset_id, position, alt_text)
      values (save_social_post.workspace_id, post.id, (item ->> 'asset_id')::uuid, media_count, btrim(item ->> 'alt'));
      media_count := media_count + 1;
    end loop;
  end if;

  is_changed := was_content is distinct from private.social_post_content(post.id)
    or (save_social_post.post_id is not null and was_media is distinct from private.social_post_media_content(post.id))
    or (save_social_post.post_id is not null and was_parts is distinct from private.social_post_parts_content(post.id));
  needs_approval := was_status = 'approved'
    or (select o.social_posts_need_approval from public.organizations o where o.id = save_social_post.workspace_id);
  next_status := case
    when was_status = 'approved' and not is_changed then 'approved'
    when save_social_post.scheduled_at is null then case when was_status = 'changes_requested' then was_status end
    when needs_approval then 'awaiting'
  end;
  update public.social_posts p set
    approval_status = next_status,
    revision = p.revision + case when is_changed and save_social_post.post_id is not null then 1 else 0 end,
    approval_comment = case when next_status is distinct from was_status and next_status is distinct from 'changes_requested' then null else p.approval_comment end,
    approval_decided_at = case when next_status is distinct from was_status then null else p.approval_decided_at end,
    approval_decided_by = case when next_status is distinct from was_status then null else p.approval_decided_by end,
    approval_reviewer = case when next_status is distinct from was_status then null else p.approval_reviewer end
  where p.id = post.id returning * into post;
  if save_social_post.scheduled_at is not null then
    update public.social_post_channels c set status = case when next_status = 'awaiting' then 'awaiting_approval' else 'scheduled' end
    where c.post_id = post.id;
  end if;
  return post;
end
$$;

revoke all on function public.save_social_post(uuid, text, jsonb, timestamptz, uuid, jsonb) from public, anon;
grant execute on function public.save_social_post(uuid, text, jsonb, timestamptz, uuid, jsonb) to authenticated, service_role;
