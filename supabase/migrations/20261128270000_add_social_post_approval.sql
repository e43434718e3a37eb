-- Social Hub (issue 30), point 4: approval. Decision record: docs/decisions/0026-social-post-approval.md.
--
-- A workspace may require that its posts be approved before they go out (organizations.social_posts_need_approval,
-- changed by admins and owners through set_social_posts_need_approval). Then scheduling a post leaves it
-- `awaiting` approval, its channels `awaiting_approval` (no publishing job exists for them), until an admin or owner
-- (review_social_post) or an outside reviewer holding the post's approval link (20261128270200) approves it — its
-- channels are then scheduled — or requests changes with a comment — its channels go back to draft. Changing an
-- approved post's content sends it back for approval (save_social_post, 20261128270100).
--
-- A post's approval_status:
--   null               no approval asked (the workspace did not require it when the post was scheduled, or a draft)
--   awaiting           waits for a decision
--   approved           approved: its channels are scheduled at its moment
--   changes_requested  a reviewer asked for changes (approval_comment says which)
--
-- The rule the publishing job relies on, kept by a trigger whatever writes the row: a channel is `scheduled` or
-- `attempting` only while its post is approved or needs no approval.

alter table public.organizations add column social_posts_need_approval boolean not null default false;
comment on column public.organizations.social_posts_need_approval is
  'Scheduled social posts wait for approval by an admin, an owner or an outside reviewer holding an approval link.';

alter table public.social_posts
  add column approval_status text
    constraint social_posts_approval_status_check check (approval_status in ('awaiting', 'approved', 'changes_requested')),
  add column approval_comment text constraint social_posts_approval_comment_length check (char_length(approval_comment) <= 2000),
  add column approval_decided_at timestamptz,
  -- The admin or owner who decided in the app; null when an outside reviewer decided through a link.
  add column approval_decided_by uuid references auth.users (id) on delete set null,
  -- Who decided, in words: the person's name, or the name an outside reviewer gave (else 'Outside reviewer').
  add column approval_reviewer text constraint social_posts_approval_reviewer_length check (char_length(approval_reviewer) <= 200),
  -- Counts changes of the post's content (text, accounts, versions): an approval link is for one revision only.
  add column revision integer not null default 1;

alter table public.social_post_channels drop constraint social_post_channels_status_check;
alter table public.social_post_channels add constraint social_post_channels_status_check
  check (status in ('draft', 'awaiting_approval', 'scheduled', 'attempting', 'published', 'failed', 'unconfirmed'));

-- Admins and owners turn the requirement on and off. Turning it off releases nothing by itself: posts awaiting
-- approval still wait for a decision (or an edit saved while it is off).
create function public.set_social_posts_need_approval(workspace_id uuid, required boolean) returns public.organizations
language plpgsql volatile security definer
set search_path = ''
as $$
declare
  updated public.organizations;
begin
  perform private.require_workspace_role(set_social_posts_need_approval.workspace_id, 'admin');
  if required is null then
    raise exception 'Say whether posts need approval (true or false).' using errcode = 'P0001', detail = 'invalid_value';
  end if;
  update public.organizations o set social_posts_need_approval = set_social_posts_need_approval.required
  where o.id = set_social_posts_need_approval.workspace_id
  returning o.* into updated;
  return updated;
end
$$;

revoke all on function public.set_social_posts_need_approval(uuid, boolean) from public, anon;
grant execute on function public.set_social_posts_need_approval(uuid, boolean) to authenticated, service_role;

-- The invariant: nothing schedules or sends a channel of a post that waits for approval or needs changes.
create function private.check_social_channel_approved() returns trigger
language plpgsql stable security definer
set search_path = ''
as $$
begin
  if new.status in ('scheduled', 'attempting') and exists (
    select 1 from public.social_posts p where p.id = new.post_id and p.approval_status in ('awaiting', 'changes_requested')
  ) then
    raise exception 'This post is not approved: it cannot be scheduled or sent.' using errcode = 'P0001', detail = 'not_approved';
  end if;
  return new;
end
$$;

create trigger social_post_channels_check_approved
  before insert or update of status on public.social_post_channels
  for each row execute function private.check_social_channel_approved();

-- A channel's job follows its status (as in 20261128150100), now also cancelled when a scheduled channel goes back
-- to waiting for approval.
create or replace function private.sync_social_publish_job() returns trigger
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
  elsif tg_op = 'DELETE' or (old.status = 'scheduled' and new.status in ('draft', 'awaiting_approval')) then
    perform private.cancel_job(private.social_publish_job_key(old.id));
  end if;
  return null;
end
$$;

-- A decision on a post awaiting approval (locked by the caller), by an admin in the app or a reviewer by link.
-- approve: its channels are scheduled at its moment (a draft's stay drafts); request_changes: back to draft.
create function private.decide_social_post(post public.social_posts, decision text, comment text, decided_by uuid, reviewer text)
returns public.social_posts
language plpgsql volatile security definer
set search_path = ''
as $$
declare
  note text := nullif(btrim(decide_social_post.comment), '');
  decided public.social_posts;
begin
  if decide_social_post.decision is null or decide_social_post.decision not in ('approve', 'request_changes') then
    raise exception 'Choose approve or request changes.' using errcode = 'P0001', detail = 'invalid_decision';
  end if;
  if decide_social_post.decision = 'request_changes' and note is null then
    raise exception 'Say which changes you would like.' using errcode = 'P0001', detail = 'comment_required';
  end if;
  if char_length(note) > 2000 then
    raise exception 'A comment has at most 2,000 characters.' using errcode = 'P0001', detail = 'comment_too_long';
  end if;
  if post.approval_status is distinct from 'awaiting' then
    raise exception 'This post is not waiting for approval.' using errcode = 'P0001', detail = 'not_awaiting_approval';
  end if;
  update public.social_posts p set
    approval_status = case when decide_social_post.decision = 'approve' then 'approved' else 'changes_requested' end,
    approval_comment = note, approval_decided_at = now(), approval_decided_by = decide_social_post.decided_by,
    approval_reviewer = left(coalesce(nullif(btrim(decide_social_post.reviewer), ''), 'Outside reviewer'), 200)
  where p.id = post.id
  returning * into decided;
  update public.social_post_channels c
  set status = case when decided.approval_status = 'approved' and decided.scheduled_at is not null then 'scheduled' else 'draft' end
  where c.post_id = post.id and c.status = 'awaiting_approval';
  return decided;
end
$$;

-- An admin's or owner's decision in the app. A post of a workspace the caller is not in is reported like one that
-- does not exist.
create function public.review_social_post(post_id uuid, decision text, comment text default null)
returns public.social_posts
language plpgsql volatile security definer
set search_path = ''
as $$
declare
  post public.social_posts;
begin
  select * into post from public.social_posts p where p.id = review_social_post.post_id for update;
  if not found or private.workspace_role(post.organization_id) is null then
    if (select auth.uid()) is null then
      raise exception 'Sign in first.' using errcode = '42501', detail = 'not_signed_in';
    end if;
    raise exception 'This post does not exist (any more).' using errcode = 'P0001', detail = 'unknown_post';
  end if;
  perform private.require_workspace_role(post.organization_id, 'admin');
  return private.decide_social_post(post, review_social_post.decision, review_social_post.comment, (select auth.uid()),
    private.display_name((select auth.uid())));
end
$$;

revoke all on function private.check_social_channel_approved(), private.sync_social_publish_job(),
  private.decide_social_post(public.social_posts, text, text, uuid, text) from public, anon, authenticated;
revoke all on function public.review_social_post(uuid, text, text) from public, anon;
grant execute on function public.review_social_post(uuid, text, text) to authenticated, service_role;
