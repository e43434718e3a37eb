-- Leads get a life in the agency's inbox (/admin/leads): a status (new → contacted → won / lost, or archived) and
-- an internal note, both changed only by site admins. Nobody deletes a lead through the API (no delete grant or
-- policy): archiving hides it from the inbox instead. What the visitor wrote (name, e-mail, company, message) and
-- the database's stamps stay read-only: the update grant names only status and note.

alter table public.leads
  add column status text not null default 'new'
    constraint leads_status_check check (status in ('new', 'contacted', 'won', 'lost', 'archived')),
  add column note text constraint leads_note_length check (char_length(note) <= 5000),
  add column status_changed_at timestamptz,
  add column updated_at timestamptz not null default now();

-- The inbox: newest first, per status, and the count of new leads in the admin navigation.
create index leads_status_created_at_idx on public.leads (status, created_at desc, id desc);

-- Stamps: the database's, never the caller's.
create function private.stamp_lead_change() returns trigger
language plpgsql
set search_path = ''
as $$
begin
  new.updated_at := now();
  if new.status is distinct from old.status then
    new.status_changed_at := now();
  end if;
  return new;
end
$$;

revoke all on function private.stamp_lead_change() from public, anon, authenticated;

create trigger leads_stamp_change
  before update on public.leads
  for each row execute function private.stamp_lead_change();

grant update (status, note) on table public.leads to authenticated;

create policy "Site admins change a lead's status and note" on public.leads
  for update to authenticated
  using ((select private.is_site_admin()))
  with check ((select private.is_site_admin()));
