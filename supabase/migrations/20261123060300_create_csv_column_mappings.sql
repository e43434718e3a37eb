-- The column mapping a workspace chose for a kind of CSV import (campaign results, leads, …), remembered so the next
-- import of a file from the same ad platform needs no mapping. Every member reads it; members and up change it.

create table public.csv_column_mappings (
  organization_id uuid not null references public.organizations (id) on delete cascade,
  kind text not null constraint csv_column_mappings_kind_format check (kind ~ '^[a-z][a-z0-9_]{0,39}$'),
  -- field key → the file's header name, e.g. {"day": "Reporting starts", "spend": "Amount spent (USD)"}
  mapping jsonb not null constraint csv_column_mappings_mapping_check check (
    jsonb_typeof(mapping) = 'object' and octet_length(mapping::text) <= 8192
  ),
  updated_by uuid default auth.uid() references auth.users (id) on delete set null,
  created_at timestamptz not null default now(),
  updated_at timestamptz not null default now(),
  primary key (organization_id, kind)
);
create index csv_column_mappings_updated_by_idx on public.csv_column_mappings (updated_by);

create trigger csv_column_mappings_set_updated_at
  before insert or update on public.csv_column_mappings
  for each row execute function private.set_updated_at();

alter table public.csv_column_mappings enable row level security;

revoke all on table public.csv_column_mappings from anon, authenticated;
grant select, delete on table public.csv_column_mappings to authenticated;
-- An upsert (insert … on conflict do update) sets every column it names, the key included (to the same values): the
-- update grant covers them, and the policies keep a row in a workspace where the caller is a member.
grant insert (organization_id, kind, mapping, updated_by), update (organization_id, kind, mapping, updated_by)
  on table public.csv_column_mappings to authenticated;
grant all on table public.csv_column_mappings to service_role;

create policy "Members read their workspace's CSV mappings" on public.csv_column_mappings
  for select to authenticated
  using (organization_id in (select private.organization_ids_with_role('viewer')));

create policy "Members add CSV mappings to their workspace as themselves" on public.csv_column_mappings
  for insert to authenticated
  with check (organization_id in (select private.organization_ids_with_role('member')) and updated_by = (select auth.uid()));

create policy "Members change their workspace's CSV mappings" on public.csv_column_mappings
  for update to authenticated
  using (organization_id in (select private.organization_ids_with_role('member')))
  with check (organization_id in (select private.organization_ids_with_role('member')) and updated_by = (select auth.uid()));

create policy "Members remove their workspace's CSV mappings" on public.csv_column_mappings
  for delete to authenticated
  using (organization_id in (select private.organization_ids_with_role('member')));
