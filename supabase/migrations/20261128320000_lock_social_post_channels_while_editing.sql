-- Editing a post from the Social Hub (issue 30): save_social_post (20261128270100) refuses a post already sent or
-- being sent (`post_sent`), but it read the channels without locking them. A publishing job that claimed a channel
-- at the same moment (claim_social_post_channel locks the channel, sets it `attempting` and commits before calling
-- the network) could pass that check unseen, and the edit's "back to draft" then overwrote `attempting`: the job's
-- outcome was dropped and the post could go out again later. Now the edit locks the post's channels first and checks
-- them afterwards, so it waits for a claim in progress and then refuses with `post_sent`. The rest is unchanged.
create or replace function public.save_social_post(workspace_id uuid, body text, channels jsonb, scheduled_at timestamptz default null, post_id uuid default null)
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
    -- Wait for any job claiming one of its channels, then look at what it left (a new statement sees its commit).
    perform 1 from public.social_post_channels c where c.post_id = post.id order by c.id for update;
    if exists (select 1 from public.social_post_channels c where c.post_id = post.id and c.status not in ('draft', 'awaiting_approval', 'scheduled')) then
      raise exception 'This post has already gone out (or is going out) on some accounts: it can no longer change.' using errcode = 'P0001', detail = 'post_sent';
    end if;
    was_status := post.approval_status;
    was_content := private.social_post_content(post.id);
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

  is_changed := was_content is distinct from private.social_post_content(post.id);
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
