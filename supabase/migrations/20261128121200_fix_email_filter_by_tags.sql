-- A filter by tags alone matched every contact with any tag (found by the e2e journey): in the SQL function
-- private.email_filter_contacts, the unqualified `tags` named the contacts' column, not the parameter (in an SQL
-- function a column of the FROM list wins over a parameter of the same name), so each contact's tags were compared
-- with themselves. The parameters are now qualified with the function's name.
create or replace function private.email_filter_contacts(workspace_id uuid, tags text[], stages text[], bands text[])
returns setof uuid
language sql stable security definer
set search_path = ''
as $$
  select c.id from public.contacts c
  where c.organization_id = email_filter_contacts.workspace_id and c.email is not null
    and (coalesce(cardinality(email_filter_contacts.tags), 0) = 0
      or c.tag_keys && array(select lower(t) from unnest(email_filter_contacts.tags) t))
    and (coalesce(cardinality(email_filter_contacts.stages), 0) = 0 or c.lifecycle_stage = any(email_filter_contacts.stages))
    and (coalesce(cardinality(email_filter_contacts.bands), 0) = 0 or c.score_band = any(email_filter_contacts.bands))
$$;
