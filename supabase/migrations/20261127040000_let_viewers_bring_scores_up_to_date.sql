-- recompute_lead_scores() is callable by every member of a workspace again, viewers included (20261127020000 had
-- raised it to member). It changes nothing anyone chose: it only brings the database's own derived column,
-- lead_score, up to date with the calendar ("recent activity" rules age by the day), touching only rows whose score
-- changed and never updated_at. With it, a viewer's Retention Center (hot contacts to call today, bands) is as
-- fresh as a member's, instead of as fresh as the last member's visit. Outsiders, former members and anonymous
-- callers are still refused.

create or replace function public.recompute_lead_scores(workspace_id uuid) returns integer
language plpgsql volatile security definer
set search_path = ''
as $$
begin
  perform private.require_workspace_role(recompute_lead_scores.workspace_id, 'viewer');
  return private.rescore_contacts(array[recompute_lead_scores.workspace_id]);
end
$$;
