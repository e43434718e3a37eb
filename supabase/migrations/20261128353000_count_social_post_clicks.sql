-- Clicks through a published post's UTM-tagged links (issue 30, point 6): the page views first-party analytics
-- recorded on the workspace's OWN analytics sites carrying the tags the publishing job puts on the post's links
-- (src/features/social/utm-tags.ts): utm_source = the account's network, utm_medium = 'social',
-- utm_campaign = 'social-' || the post id's first 8 hex digits. Counted from the raw events (private, out of the API's
-- reach) since the channel was published.
--
--   public.social_post_clicks(workspace_id) → (channel_id, clicks) for the workspace's published channels.
--   Everyone in the workspace (viewers too) reads; other workspaces get not_a_member; anonymous callers no grant.
--   Another workspace's page views never count: only sites whose organization_id is this workspace are read.

create function public.social_post_clicks(workspace_id uuid)
returns table (channel_id uuid, clicks bigint)
language plpgsql stable security definer
set search_path = ''
as $$
begin
  perform private.require_workspace_role(social_post_clicks.workspace_id, 'viewer');
  return query
    select c.id, (
      select count(*)
      from private.analytics_events e
      join public.analytics_sites s on s.id = e.site_id and s.organization_id = social_post_clicks.workspace_id
      where e.name = 'pageview'
        and e.occurred_at >= coalesce(c.finished_at, c.created_at) - interval '1 minute'
        and e.utm_medium = 'social'
        and e.utm_source = a.network
        and e.utm_campaign = 'social-' || left(replace(c.post_id::text, '-', ''), 8)
    )
    from public.social_post_channels c
    join public.social_accounts a on a.id = c.account_id and a.organization_id = c.organization_id
    where c.organization_id = social_post_clicks.workspace_id and c.status = 'published';
end
$$;

revoke all on function public.social_post_clicks(uuid) from public, anon;
grant execute on function public.social_post_clicks(uuid) to authenticated, service_role;
