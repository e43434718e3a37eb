-- Content items and campaigns follow the access roles: every member of a workspace reads them (viewers included),
-- members, admins and owners write them, viewers write nothing. Later tables of a workspace use the same two
-- helpers (20261123050000_add_workspace_access_roles.sql).

drop policy "Members add content to their organization as themselves" on public.content_items;
drop policy "Members change their organization's content" on public.content_items;
drop policy "Members remove their organization's content" on public.content_items;

create policy "Members add content to their workspace as themselves" on public.content_items
  for insert to authenticated
  with check (
    organization_id in (select private.organization_ids_with_role('member'))
    and user_id = (select auth.uid())
  );

create policy "Members change their workspace's content" on public.content_items
  for update to authenticated
  using (organization_id in (select private.organization_ids_with_role('member')))
  with check (organization_id in (select private.organization_ids_with_role('member')));

create policy "Members remove their workspace's content" on public.content_items
  for delete to authenticated
  using (organization_id in (select private.organization_ids_with_role('member')));

drop policy "Members add campaigns to their organization as themselves" on public.campaigns;
drop policy "Members change their organization's campaigns" on public.campaigns;
drop policy "Members remove their organization's campaigns" on public.campaigns;

create policy "Members add campaigns to their workspace as themselves" on public.campaigns
  for insert to authenticated
  with check (
    organization_id in (select private.organization_ids_with_role('member'))
    and user_id = (select auth.uid())
  );

create policy "Members change their workspace's campaigns" on public.campaigns
  for update to authenticated
  using (organization_id in (select private.organization_ids_with_role('member')))
  with check (organization_id in (select private.organization_ids_with_role('member')));

create policy "Members remove their workspace's campaigns" on public.campaigns
  for delete to authenticated
  using (organization_id in (select private.organization_ids_with_role('member')));

-- The workspace a new row belongs to when the client names none: the profile's workspace while the user is still
-- a member there (they may have left it or been removed), else their earliest workspace where they may write.
create or replace function private.current_organization_id() returns uuid
language sql stable security definer
set search_path = ''
as $$
  select coalesce(
    (select p.organization_id from public.profiles p
     join public.organization_members m on m.organization_id = p.organization_id and m.user_id = p.user_id
     where p.user_id = (select auth.uid())),
    (select m.organization_id from public.organization_members m
     where m.user_id = (select auth.uid()) and private.access_role_rank(m.role) >= private.access_role_rank('member')
     order by m.created_at, m.organization_id limit 1)
  )
$$;
