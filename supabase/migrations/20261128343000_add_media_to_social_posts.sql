-- Images and video in social posts (issue 30 point 2, decision 0022 "Media"): a post carries up to four approved
-- assets of its own workspace, each with its alt text, in order. Everyone in the workspace reads them; nobody writes
-- the table directly: save_social_post (now with `media`) checks every asset — in this workspace (`unknown_asset`),
-- approved with its current version uploaded (`asset_not_approved`), an image or a video (`asset_kind`), once
-- (`asset_twice`), described (`alt_text_missing`, `alt_text_too_long`) — and replaces the post's media. Changing the
-- media of an approved post sends it back for approval, as changing its text does. The network's own rules (count,
-- size, type, alt length) are checked by src/features/social/media-rules.ts in the composer and again by the job.
-- The publishing job reads the media through private.social_post_media_for_job (confined to its workspace).

create table public.social_post_media (
  id uuid primary key default gen_random_uuid(),
  organization_id uuid not null references public.organizations (id) on delete cascade,
  post_id uuid not null,
  asset_id uuid not null,
  position smallint not null constraint social_post_media_position_check check (position between 0 and 3),
  alt_text text not null constraint social_post_media_alt_text_check check (char_length(btrim(alt_text)) between 1 and 2000),
  created_at timestamptz not null default now(),
  constraint social_post_media_post_fkey foreign key (post_id, organization_id)
    references public.social_posts (id, organization_id) on delete cascade,
  -- The asset of the post's own workspace, by construction; deleting the asset takes it out of the post.
  constraint social_post_media_asset_fkey foreign key (asset_id, organization_id)
    references public.assets (id, organization_id) on delete cascade,
  constraint social_post_media_post_position_key unique (post_id, position),
  constraint social_post_media_post_asset_key unique (post_id, asset_id)
);
create index social_post_media_asset_id_idx on public.social_post_media (asset_id);
create index social_post_media_organization_id_idx on public.social_post_media (organization_id);

alter table public.social_post_media enable row level security;
revoke all on table public.social_post_media from anon, authenticated;
grant select on table public.social_post_media to authenticated;
grant all on table public.social_post_media to service_role;

create policy "Members read their workspace's social post media" on public.social_post_media
  for select to authenticated
  using (organization_id in (select private.current_user_organization_ids()));

-- The media as one comparable text (asset and alt, in order): whether an edit changed them.
create function private.social_post_media_content(post_id uuid) returns text
language sql stable security definer
set search_path = ''
as $$
  select coalesce(string_agg(m.asset_id::text || chr(31) || m.alt_text, chr(30) order by m.position), '')
  from public.social_post_media m where m.post_id = social_post_media_content.post_id
$$;
revoke all on function private.social_post_media_content(uuid) from public, anon, authenticated;

-- What the publishing job sends with a channel: each medium's current version (to read from Storage) and whether it
-- is still approved. Another workspace's channel: 42501 (the job fails for good).
create function private.social_post_media_for_job(workspace uuid, channel uuid)
returns table (asset_id uuid, name text, kind text, mime_type text, size_bytes bigint, object_path text, alt_text text, usable boolean)
language plpgsql stable security definer
set search_path = ''
as $$
begin
  if exists (select 1 from public.social_post_channels c where c.id = channel and c.organization_id <> workspace) then
    raise exception 'social post channel % does not belong to workspace %', channel, workspace using errcode = '42501', detail = 'foreign_social_post';
  end if;
  return query
    select m.asset_id, a.name, a.kind, v.mime_type, v.size_bytes, v.object_path, m.alt_text,
      a.status = 'approved' and v.state = 'ready'
    from public.social_post_channels c
    join public.social_post_media m on m.post_id = c.post_id and m.organization_id = workspace
    join public.assets a on a.id = m.asset_id and a.organization_id = workspace
    left join public.asset_versions v on v.id = a.current_version_id
    where c.id = channel and c.organization_id = workspace
    order by m.position;
end
$$;
revoke all on function private.social_post_media_for_job(uuid, uuid) from public, anon, authenticated;

drop function public.save_social_post(uuid, text, jsonb, timestamptz, uuid);
create function public.save_social_post(workspace_id uuid, body text, channels jsonb, scheduled_at timestamptz default null, post_id uuid default null, media jsonb default null)
returns public.social_posts
language plpgsql volatile security definer
set search_path = ''
as $$
declare
  post public.social_posts;
  channel jsonb;
  channel_account uuid;
  channel_body text;
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
    wanted := wanted || channel_account;
    insert into public.social_post_channels (organization_id, post_id, account_id, body, status)
    values (save_social_post.workspace_id, post.id, channel_account, channel_body, 'draft')
    on conflict on constraint social_post_channels_post_id_account_id_key do update set body = excluded.body, status = 'draft', updated_at = now();
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
    or (save_social_post.post_id is not null and was_media is distinct from private.social_post_media_content(post.id));
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
