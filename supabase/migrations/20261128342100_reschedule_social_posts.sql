-- Social Hub calendar and queue (issue 30, point 3), part 2: a post dragged to another day (or moved with the
-- calendar's "Move to…") changes only its moment. Decision record: docs/decisions/0022-social-hub.md.
--
-- reschedule_social_post(post_id, scheduled_at): members, admins and owners (viewers `role_too_low`, other
-- workspaces and anonymous callers `unknown_post` / no access). Refused:
--   schedule_in_past   a moment more than a minute ago (it would go out at once)
--   post_sent          a channel already sent, being sent, failed or unconfirmed (as save_social_post, it first waits
--                      for a publishing job's claim in progress: the channels are locked before they are looked at)
--   not_scheduled      a draft (no moment): the composer schedules it
-- Approval, as save_social_post (20261128320000) decides it for a save whose content did not change: a new moment is
-- not a change of content, so an approved post stays approved and one awaiting approval keeps waiting; a post with
-- no approval asked in a workspace that now requires approval goes to `awaiting` (its channels `awaiting_approval`,
-- no job). A post whose reviewer requested changes keeps that state (a drag is not an answer to the comment).
-- The scheduled channels' publishing jobs follow the new moment through social_posts_reschedule_channels (the
-- trigger on social_posts.scheduled_at, 20261128150100): the job keeps its key and takes the new run_at.

create function public.reschedule_social_post(post_id uuid, scheduled_at timestamptz)
returns public.social_posts
language plpgsql volatile security definer
set search_path = ''
as $$
declare
  post public.social_posts;
  needs_approval boolean;
begin
  select * into post from public.social_posts p where p.id = reschedule_social_post.post_id for update;
  if not found or private.workspace_role(post.organization_id) is null then
    raise exception 'This post does not exist (any more).' using errcode = 'P0001', detail = 'unknown_post';
  end if;
  perform private.require_workspace_role(post.organization_id, 'member');
  if reschedule_social_post.scheduled_at is null or reschedule_social_post.scheduled_at < now() - interval '1 minute' then
    raise exception 'This moment has passed: choose a time in the future.' using errcode = 'P0001', detail = 'schedule_in_past';
  end if;
  if post.scheduled_at is null then
    raise exception 'This post is a draft: schedule it in the composer first.' using errcode = 'P0001', detail = 'not_scheduled';
  end if;
  perform 1 from public.social_post_channels c where c.post_id = post.id order by c.id for update;
  if exists (select 1 from public.social_post_channels c where c.post_id = post.id and c.status not in ('draft', 'awaiting_approval', 'scheduled')) then
    raise exception 'This post has already gone out (or is going out) on some accounts: it can no longer move.' using errcode = 'P0001', detail = 'post_sent';
  end if;

  needs_approval := post.approval_status is null
    and (select o.social_posts_need_approval from public.organizations o where o.id = post.organization_id);
  if needs_approval then
    -- Unschedule first (cancels the jobs), then wait for a decision at the new moment.
    update public.social_post_channels c set status = 'draft' where c.post_id = post.id and c.status = 'scheduled';
    update public.social_posts p set approval_status = 'awaiting', approval_comment = null, approval_decided_at = null,
      approval_decided_by = null, approval_reviewer = null
    where p.id = post.id;
  end if;
  update public.social_posts p set scheduled_at = reschedule_social_post.scheduled_at where p.id = post.id returning * into post;
  if needs_approval then
    update public.social_post_channels c set status = 'awaiting_approval' where c.post_id = post.id and c.status = 'draft';
  end if;
  return post;
end
$$;

revoke all on function public.reschedule_social_post(uuid, timestamptz) from public, anon;
grant execute on function public.reschedule_social_post(uuid, timestamptz) to authenticated, service_role;
