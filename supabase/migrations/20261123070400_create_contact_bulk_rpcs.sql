-- Bulk operations on a selection of contacts (the contacts screen's selection bar): tag / untag and delete.
-- Each names its workspace, needs the access role member or higher there, and works on all the ids or on none:
-- an id that is not a contact of that workspace (another workspace's, a deleted one, a made-up one) refuses the
-- whole call with the same answer, so it tells nothing about other workspaces. At most 1,000 ids a call.
-- Errors as the workspace functions (20261123050400): 42501 not_signed_in / not_a_member / role_too_low, P0001
-- with details too_many_contacts, unknown_contacts, invalid_tags.

create function private.require_own_contacts(org uuid, contact_ids uuid[]) returns void
language plpgsql stable security definer
set search_path = ''
as $$
begin
  if contact_ids is null or cardinality(contact_ids) > 1000 then
    raise exception 'Choose at most 1,000 contacts at a time.' using errcode = 'P0001', detail = 'too_many_contacts';
  end if;
  if (select count(*) from public.contacts c where c.organization_id = org and c.id = any(contact_ids))
     <> (select count(distinct id) from unnest(contact_ids) id) then
    raise exception 'Some of the chosen contacts are not contacts of this workspace: nothing was changed.'
      using errcode = 'P0001', detail = 'unknown_contacts';
  end if;
end
$$;

-- `current` without the tags of `removing` and with those of `adding` it lacks (tags compare in any case; the
-- first spelling stays), in their order.
create function private.merge_tags(current text[], adding text[], removing text[]) returns text[]
language sql immutable parallel safe
set search_path = ''
as $$
  with kept as (
    select t, o from unnest(current) with ordinality as k(t, o)
    where lower(t) <> all (select lower(r) from unnest(removing) r)
  ), added as (
    select distinct on (lower(t)) t, 1000000 + o as o from unnest(adding) with ordinality as a(t, o)
    where lower(t) <> all (select lower(k.t) from kept k)
    order by lower(t), o
  )
  select coalesce(array_agg(t order by o), '{}') from (select t, o from kept union all select t, o from added) merged
$$;

revoke all on function private.require_own_contacts(uuid, uuid[]), private.merge_tags(text[], text[], text[]) from public, anon, authenticated;

-- Adds `add_tags` to every chosen contact and removes `remove_tags` (any case); returns how many contacts changed.
create function public.bulk_tag_contacts(workspace_id uuid, contact_ids uuid[], add_tags text[] default '{}', remove_tags text[] default '{}')
returns integer
language plpgsql volatile security definer
set search_path = ''
as $$
declare
  adding text[] := array(select btrim(t) from unnest(add_tags) with ordinality as a(t, o) where btrim(t) <> '' order by o);
  removing text[] := array(select btrim(t) from unnest(remove_tags) t where btrim(t) <> '');
  changed integer;
begin
  perform private.require_workspace_role(bulk_tag_contacts.workspace_id, 'member');
  if not private.contact_tags_valid(adding) or cardinality(removing) > 50 then
    raise exception 'Tags have 1 to 50 characters, at most 50 at a time.' using errcode = 'P0001', detail = 'invalid_tags';
  end if;
  perform private.require_own_contacts(bulk_tag_contacts.workspace_id, bulk_tag_contacts.contact_ids);
  update public.contacts c set tags = private.merge_tags(c.tags, adding, removing)
  where c.organization_id = bulk_tag_contacts.workspace_id and c.id = any(bulk_tag_contacts.contact_ids)
    and c.tags is distinct from private.merge_tags(c.tags, adding, removing);
  get diagnostics changed = row_count;
  return changed;
end
$$;

-- Deletes every chosen contact; returns how many were deleted.
create function public.bulk_delete_contacts(workspace_id uuid, contact_ids uuid[]) returns integer
language plpgsql volatile security definer
set search_path = ''
as $$
declare
  deleted integer;
begin
  perform private.require_workspace_role(bulk_delete_contacts.workspace_id, 'member');
  perform private.require_own_contacts(bulk_delete_contacts.workspace_id, bulk_delete_contacts.contact_ids);
  delete from public.contacts c
  where c.organization_id = bulk_delete_contacts.workspace_id and c.id = any(bulk_delete_contacts.contact_ids);
  get diagnostics deleted = row_count;
  return deleted;
end
$$;

revoke all on function public.bulk_tag_contacts(uuid, uuid[], text[], text[]), public.bulk_delete_contacts(uuid, uuid[]) from public, anon;
grant execute on function public.bulk_tag_contacts(uuid, uuid[], text[], text[]), public.bulk_delete_contacts(uuid, uuid[])
  to authenticated, service_role;
