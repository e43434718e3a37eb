-- Social Hub (issue 30), part 2: posts, their variant per channel (one of the workspace's social accounts), and the
-- result per channel. Decision record: docs/decisions/0022-social-hub.md.
--
-- A channel's status:
--   draft        not scheduled
--   scheduled    its publish_social_post job waits for scheduled_at (key `social:<channel id>:publish`)
--   attempting   a job recorded, before calling the network, that it is sending now
--   published    the network said yes: published_url and external_id
--   failed       the network said no (its answer in result_message), or the account could not be used
--   unconfirmed  the outcome is unknown: a job found the channel still `attempting` (its worker died mid-request), or
--                the request went out and no answer came back. Never retried automatically (Postiz's rule): a person
--                looks at the network and publishes again (publish_social_post_channel_again) or leaves it.
--
-- Who sees what: everyone in the workspace reads posts and channels; members, admins and owners write them through
-- save_social_post and delete posts; nobody writes the tables directly; other workspaces see nothing. A channel's
-- account belongs to the post's workspace (composite foreign keys): one workspace's credentials never serve
-- another's post.

create table public.social_posts (
  id uuid primary key default gen_random_uuid(),
  organization_id uuid not null references public.organizations (id) on delete cascade,
  body text not null constraint social_posts_body_length check (char_length(body) <= 5000),
  scheduled_at timestamptz,
  created_by uuid references auth.users (id) on delete set null,
  created_at timestamptz not null default now(),
  updated_at timestamptz not null default now(),
  unique (id, organization_id)
);
create index social_posts_organization_id_idx on public.social_posts (organization_id, scheduled_at);

create trigger social_posts_set_updated_at
  before insert or update on public.social_posts
  for each row execute function private.set_updated_at();

create table public.social_post_channels (
  id uuid primary key default gen_random_uuid(),
  organization_id uuid not null,
  post_id uuid not null,
  account_id uuid not null,
  body text not null constraint social_post_channels_body_length check (char_length(body) <= 5000),
  status text not null default 'draft'
    constraint social_post_channels_status_check check (status in ('draft', 'scheduled', 'attempting', 'published', 'failed', 'unconfirmed')),
  attempted_at timestamptz,
  finished_at timestamptz,
  published_url text constraint social_post_channels_published_url_length check (char_length(published_url) <= 2000),
  external_id text constraint social_post_channels_external_id_length check (char_length(external_id) <= 500),
  result_message text constraint social_post_channels_result_message_length check (char_length(result_message) <= 2000),
  created_at timestamptz not null default now(),
  updated_at timestamptz not null default now(),
  foreign key (post_id, organization_id) references public.social_posts (id, organization_id) on delete cascade,
  foreign key (account_id, organization_id) references public.social_accounts (id, organization_id) on delete cascade,
  unique (post_id, account_id)
);
create index social_post_channels_organization_id_idx on public.social_post_channels (organization_id, status);
create index social_post_channels_account_id_idx on public.social_post_channels (account_id);

create trigger social_post_channels_set_updated_at
  before insert or update on public.social_post_channels
  for each row execute function private.set_updated_at();

alter table public.social_posts enable row level security;
alter table public.social_post_channels enable row level security;
revoke all on table public.social_posts, public.social_post_channels from anon, authenticated;
grant select, delete on table public.social_posts to authenticated;
grant select on table public.social_post_channels to authenticated;
grant all on table public.social_posts, public.social_post_channels to service_role;

create policy "Members read their workspace's social posts" on public.social_posts
  for select to authenticated
  using (organization_id in (select private.current_user_organization_ids()));

create policy "Members delete their workspace's social posts" on public.social_posts
  for delete to authenticated
  using (organization_id in (select private.organization_ids_with_role('member')));

create policy "Members read their workspace's social post channels" on public.social_post_channels
  for select to authenticated
  using (organization_id in (select private.current_user_organization_ids()));

create function private.social_publish_job_key(channel_id uuid) returns text
language sql immutable
set search_path = ''
as $$
  select 'social:' || channel_id::text || ':publish'
$$;

-- A channel's job follows its status: queued at the post's moment while scheduled, cancelled otherwise (also when the
-- channel or its post is deleted).
create function private.sync_social_publish_job() returns trigger
language plpgsql volatile security definer
set search_path = ''
as $$
declare
  moment timestamptz;
begin
  if tg_op <> 'DELETE' and new.status = 'scheduled' then
    select p.scheduled_at into moment from public.social_posts p where p.id = new.post_id;
    perform private.enqueue_job('publish_social_post',
      jsonb_build_object('workspace_id', new.organization_id, 'channel_id', new.id, 'planned_at', moment),
      moment, private.social_publish_job_key(new.id), 5);
  elsif tg_op = 'DELETE' or (old.status = 'scheduled' and new.status in ('draft')) then
    perform private.cancel_job(private.social_publish_job_key(old.id));
  end if;
  return null;
end
$$;

create trigger social_post_channels_sync_publish_job
  after insert or update of status, updated_at or delete on public.social_post_channels
  for each row execute function private.sync_social_publish_job();

-- A post's new moment moves its scheduled channels' jobs with it.
create function private.reschedule_social_post_channels() returns trigger
language plpgsql volatile security definer
set search_path = ''
as $$
begin
  update public.social_post_channels c set updated_at = now() where c.post_id = new.id and c.status = 'scheduled';
  return null;
end
$$;

create trigger social_posts_reschedule_channels
  after update of scheduled_at on public.social_posts
  for each row when (old.scheduled_at is distinct from new.scheduled_at)
  execute function private.reschedule_social_post_channels();

-- Saves a post: new (post_id null) or a change of one not yet sent anywhere. `channels` is a JSON array of
-- {"account_id": …, "body": …}: each a variant of the post for one of the workspace's accounts (body defaults to the
-- post's). With scheduled_at the channels are scheduled (a moment in the future); without, the post is a draft.
create function public.save_social_post(workspace_id uuid, body text, channels jsonb, scheduled_at timestamptz default null, post_id uuid default null)
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
  new_status text := case when save_social_post.scheduled_at is null then 'draft' else 'scheduled' end;
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
  if save_social_post.post_id is null then
    insert into public.social_posts (organization_id, body, scheduled_at, created_by)
    values (save_social_post.workspace_id, save_social_post.body, save_social_post.scheduled_at, (select auth.uid()))
    returning * into post;
  else
    select * into post from public.social_posts p where p.id = save_social_post.post_id and p.organization_id = save_social_post.workspace_id for update;
    if not found then
      raise exception 'This post does not exist (any more).' using errcode = 'P0001', detail = 'unknown_post';
    end if;
    if exists (select 1 from public.social_post_channels c where c.post_id = post.id and c.status not in ('draft', 'scheduled')) then
      raise exception 'This post has already gone out (or is going out) on some accounts: it can no longer change.' using errcode = 'P0001', detail = 'post_sent';
    end if;
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
    values (save_social_post.workspace_id, post.id, channel_account, channel_body, new_status)
    on conflict on constraint social_post_channels_post_id_account_id_key do update set body = excluded.body, status = excluded.status, updated_at = now();
  end loop;
  delete from public.social_post_channels c where c.post_id = post.id and not (c.account_id = any (wanted));
  return post;
end
$$;

revoke all on function public.save_social_post(uuid, text, jsonb, timestamptz, uuid) from public, anon;
grant execute on function public.save_social_post(uuid, text, jsonb, timestamptz, uuid) to authenticated, service_role;

-- A person's decision after a failure or an unknown outcome: send this channel again, now.
create function public.publish_social_post_channel_again(channel_id uuid)
returns public.social_post_channels
language plpgsql volatile security definer
set search_path = ''
as $$
declare
  channel public.social_post_channels;
begin
  select * into channel from public.social_post_channels c where c.id = publish_social_post_channel_again.channel_id for update;
  if not found or private.workspace_role(channel.organization_id) is null then
    raise exception 'This post does not exist (any more).' using errcode = 'P0001', detail = 'unknown_post';
  end if;
  perform private.require_workspace_role(channel.organization_id, 'member');
  if channel.status not in ('failed', 'unconfirmed') then
    raise exception 'Only a failed or unconfirmed post can be sent again.' using errcode = 'P0001', detail = 'not_retryable';
  end if;
  update public.social_posts p set scheduled_at = now() where p.id = channel.post_id;
  update public.social_post_channels c set status = 'scheduled', result_message = null, attempted_at = null, finished_at = null
  where c.id = channel.id returning * into channel;
  return channel;
end
$$;

revoke all on function public.publish_social_post_channel_again(uuid) from public, anon;
grant execute on function public.publish_social_post_channel_again(uuid) to authenticated, service_role;

-- The publishing job's first step, committed before any network call. Outcomes:
--   claimed      the channel is now `attempting`: the account's network, its sealed credential, the variant's text
--   unconfirmed  it was already `attempting` (a job that died mid-request): now `unconfirmed`, nothing to send
--   not_due      the moment is ahead (a clock apart): the job comes back then
--   gone         unscheduled, rescheduled (another job has the new moment), deleted, or already done
--   account      the account cannot be used (reconnect / failed / still connecting): the channel failed, saying so
create function private.claim_social_post_channel(workspace_id uuid, channel_id uuid, planned_at timestamptz)
returns table (outcome text, network text, account_id uuid, service_origin text, sealed text, body text)
language plpgsql volatile security definer
set search_path = ''
as $$
declare
  channel public.social_post_channels;
  post public.social_posts;
  account public.social_accounts;
begin
  select * into channel from public.social_post_channels c where c.id = claim_social_post_channel.channel_id for update;
  if not found then
    return query select 'gone', null::text, null::uuid, null::text, null::text, null::text;
    return;
  end if;
  if channel.organization_id <> claim_social_post_channel.workspace_id then
    raise exception 'social post channel % does not belong to workspace %', channel_id, workspace_id using errcode = '42501', detail = 'foreign_social_post';
  end if;
  select * into account from public.social_accounts a where a.id = channel.account_id;
  if channel.status = 'attempting' then
    update public.social_post_channels c set status = 'unconfirmed', finished_at = now(),
      result_message = 'The worker stopped while sending this post, so it may or may not be on ' || initcap(account.network)
        || '. Check the account, then send it again or leave it.'
    where c.id = channel.id;
    return query select 'unconfirmed', account.network, account.id, account.service_origin, null::text, null::text;
    return;
  end if;
  select * into post from public.social_posts p where p.id = channel.post_id;
  if channel.status <> 'scheduled' or post.scheduled_at is distinct from claim_social_post_channel.planned_at then
    return query select 'gone', null::text, null::uuid, null::text, null::text, null::text;
    return;
  end if;
  if post.scheduled_at > now() then
    return query select 'not_due', null::text, null::uuid, null::text, null::text, null::text;
    return;
  end if;
  if account.status <> 'connected' then
    update public.social_post_channels c set status = 'failed', finished_at = now(),
      result_message = case account.status
        when 'reconnect' then 'Not sent: ' || account.display_name || ' needs reconnecting (the network refused its password or token).'
        when 'connecting' then 'Not sent: ' || account.display_name || ' was still connecting.'
        else 'Not sent: ' || account.display_name || ' is not connected.' end
    where c.id = channel.id;
    return query select 'account', account.network, account.id, account.service_origin, null::text, null::text;
    return;
  end if;
  update public.social_post_channels c set status = 'attempting', attempted_at = now() where c.id = channel.id;
  return query select 'claimed', account.network, account.id, account.service_origin,
    (select cr.sealed from private.social_account_credentials cr where cr.account_id = account.id), channel.body;
end
$$;

-- The publishing job's last step: what the network answered. Only a channel still `attempting` takes it.
-- account_status 'reconnect' marks the account too (the network refused its credentials).
create function private.record_social_post_channel_outcome(workspace_id uuid, channel_id uuid, status text,
  published_url text, external_id text, message text, account_status text default null)
returns boolean
language plpgsql volatile security definer
set search_path = ''
as $$
declare
  channel public.social_post_channels;
begin
  if record_social_post_channel_outcome.status not in ('published', 'failed', 'unconfirmed') then
    raise exception 'unknown channel outcome %', status using errcode = '22023';
  end if;
  update public.social_post_channels c set
    status = record_social_post_channel_outcome.status,
    finished_at = now(),
    published_url = left(record_social_post_channel_outcome.published_url, 2000),
    external_id = left(record_social_post_channel_outcome.external_id, 500),
    result_message = left(record_social_post_channel_outcome.message, 2000)
  where c.id = record_social_post_channel_outcome.channel_id and c.organization_id = record_social_post_channel_outcome.workspace_id
    and c.status = 'attempting'
  returning * into channel;
  if not found then
    return false;
  end if;
  if record_social_post_channel_outcome.account_status = 'reconnect' then
    update public.social_accounts a set status = 'reconnect', status_message = left(record_social_post_channel_outcome.message, 1000)
    where a.id = channel.account_id and a.status = 'connected';
  end if;
  return true;
end
$$;

revoke all on function private.social_publish_job_key(uuid), private.sync_social_publish_job(), private.reschedule_social_post_channels(),
  private.claim_social_post_channel(uuid, uuid, timestamptz),
  private.record_social_post_channel_outcome(uuid, uuid, text, text, text, text, text)
  from public, anon, authenticated;
