-- Contacts: the people a workspace markets to (the Customer Retention Center's records). Every member reads them
-- (viewers included); members, admins and owners add, change and delete them; nobody else sees one.
--
-- - E-mail: optional (a phone-only contact from an address book), unique per workspace whatever its case. The
--   uniqueness is per workspace only, so adding an address that another workspace also holds succeeds and tells
--   nothing about that workspace.
-- - Lead score: 0–100, written only by the database (no insert or update grant): rules the workspace edits plus a
--   manual adjustment (20261123070300_create_contact_score_rules.sql). The band is derived from it here, once:
--   hot 80–100, warm 60–79, cool 40–59, cold 0–39 (the spec's bands).
-- - Owner: a member of the workspace (checked by a trigger), or nobody; a member who leaves stops owning contacts.
-- - Search: a full-text document over names, e-mail (whole and split at @) and company ('simple' configuration:
--   no stemming, so a prefix query on any part of a name or address matches).
-- - Lists: keyset pages in three orders, each with its index: newest (created_at desc, id desc), score
--   (lead_score desc, id desc), name (sort_name, id).

create function private.contact_tags_valid(tags text[]) returns boolean
language sql immutable parallel safe
set search_path = ''
as $$
  select cardinality(tags) <= 50
    and not exists (select 1 from unnest(tags) t where t is null or char_length(btrim(t)) not between 1 and 50 or t <> btrim(t))
$$;

create function private.lead_score_band(score integer) returns text
language sql immutable parallel safe
set search_path = ''
as $$
  select case when score >= 80 then 'hot' when score >= 60 then 'warm' when score >= 40 then 'cool' else 'cold' end
$$;

revoke all on function private.contact_tags_valid(text[]), private.lead_score_band(integer) from public;
grant execute on function private.contact_tags_valid(text[]), private.lead_score_band(integer) to anon, authenticated, service_role;

create table public.contacts (
  id uuid primary key default gen_random_uuid(),
  organization_id uuid not null default private.current_organization_id()
    references public.organizations (id) on delete cascade,
  first_name text constraint contacts_first_name_length check (char_length(first_name) <= 100),
  last_name text constraint contacts_last_name_length check (char_length(last_name) <= 100),
  email text constraint contacts_email_format check (
    char_length(email) between 3 and 254 and email ~ '^[^\s@,;:<>()"\\]+@[^\s@,;:<>()"\\]+\.[^\s@,;:<>()"\\]+$'
  ),
  company text constraint contacts_company_length check (char_length(company) <= 120),
  job_title text constraint contacts_job_title_length check (char_length(job_title) <= 120),
  phone text constraint contacts_phone_format check (char_length(phone) <= 40 and phone ~ '^[0-9+()./ -]+$'),
  source text not null default 'manual' constraint contacts_source_check check (
    source in ('form', 'import', 'manual', 'event', 'referral', 'other')
  ),
  lifecycle_stage text not null default 'subscriber' constraint contacts_lifecycle_stage_check check (
    lifecycle_stage in ('subscriber', 'lead', 'marketing_qualified', 'sales_qualified', 'customer', 'churned')
  ),
  tags text[] not null default '{}' constraint contacts_tags_check check (private.contact_tags_valid(tags)),
  score_adjustment integer not null default 0 constraint contacts_score_adjustment_range check (score_adjustment between -100 and 100),
  lead_score integer not null default 0 constraint contacts_lead_score_range check (lead_score between 0 and 100),
  score_band text generated always as (private.lead_score_band(lead_score)) stored,
  owner_id uuid references auth.users (id) on delete set null,
  notes text constraint contacts_notes_length check (char_length(notes) <= 5000),
  last_activity_at timestamptz,
  created_at timestamptz not null default now(),
  updated_at timestamptz not null default now(),
  sort_name text generated always as (
    lower(btrim(coalesce(last_name, '') || ' ' || coalesce(first_name, '') || ' ' || coalesce(email, '')))
  ) stored,
  search_document tsvector generated always as (
    to_tsvector('simple'::regconfig,
      coalesce(first_name, '') || ' ' || coalesce(last_name, '') || ' ' || coalesce(email, '') || ' ' ||
      coalesce(replace(email, '@', ' '), '') || ' ' || coalesce(company, ''))
  ) stored,
  constraint contacts_named check (
    coalesce(nullif(btrim(first_name), ''), nullif(btrim(last_name), ''), email) is not null
  )
);

create unique index contacts_organization_email_key on public.contacts (organization_id, lower(email)) where email is not null;
create index contacts_organization_created_idx on public.contacts (organization_id, created_at desc, id desc);
create index contacts_organization_score_idx on public.contacts (organization_id, lead_score desc, id desc);
create index contacts_organization_name_idx on public.contacts (organization_id, sort_name, id);
create index contacts_search_idx on public.contacts using gin (search_document);
create index contacts_tags_idx on public.contacts using gin (tags);
create index contacts_owner_idx on public.contacts (owner_id) where owner_id is not null;

-- Stamps: created_at on insert, updated_at when a field a person edits changed (a rule change recomputing scores
-- is not an edit of the contact).
create function private.stamp_contact() returns trigger
language plpgsql
set search_path = ''
as $$
begin
  if tg_op = 'INSERT' then
    new.created_at := now();
    new.updated_at := now();
  elsif (new.first_name, new.last_name, new.email, new.company, new.job_title, new.phone, new.source, new.lifecycle_stage,
         new.tags, new.score_adjustment, new.owner_id, new.notes, new.last_activity_at)
        is distinct from
        (old.first_name, old.last_name, old.email, old.company, old.job_title, old.phone, old.source, old.lifecycle_stage,
         old.tags, old.score_adjustment, old.owner_id, old.notes, old.last_activity_at) then
    new.created_at := old.created_at;
    new.updated_at := now();
  end if;
  return new;
end
$$;

-- An owner is a member of the contact's workspace.
create function private.check_contact_owner() returns trigger
language plpgsql stable security definer
set search_path = ''
as $$
begin
  if new.owner_id is not null and not exists (
    select 1 from public.organization_members m where m.organization_id = new.organization_id and m.user_id = new.owner_id
  ) then
    raise exception 'The owner of a contact must be a member of its workspace.'
      using errcode = '23514', detail = 'owner_not_member';
  end if;
  return new;
end
$$;

-- A member who leaves or is removed no longer owns the workspace's contacts.
create function private.release_contacts_of_former_member() returns trigger
language plpgsql security definer
set search_path = ''
as $$
begin
  update public.contacts c set owner_id = null
  where c.organization_id = old.organization_id and c.owner_id = old.user_id;
  return null;
end
$$;

revoke all on function private.stamp_contact(), private.check_contact_owner(), private.release_contacts_of_former_member()
  from public, anon, authenticated;

create trigger contacts_a_stamp
  before insert or update on public.contacts
  for each row execute function private.stamp_contact();

create trigger contacts_check_owner
  before insert or update of owner_id, organization_id on public.contacts
  for each row execute function private.check_contact_owner();

create trigger organization_members_release_contacts
  after delete on public.organization_members
  for each row execute function private.release_contacts_of_former_member();

alter table public.contacts enable row level security;

-- organization_id is set on insert and never changes; lead_score, the stamps and the derived columns are the
-- database's.
revoke all on table public.contacts from anon, authenticated;
grant select, delete on table public.contacts to authenticated;
grant insert (organization_id, first_name, last_name, email, company, job_title, phone, source, lifecycle_stage, tags,
  score_adjustment, owner_id, notes, last_activity_at) on table public.contacts to authenticated;
grant update (first_name, last_name, email, company, job_title, phone, source, lifecycle_stage, tags,
  score_adjustment, owner_id, notes, last_activity_at) on table public.contacts to authenticated;
grant all on table public.contacts to service_role;

create policy "Members read their workspace's contacts" on public.contacts
  for select to authenticated
  using (organization_id in (select private.current_user_organization_ids()));

create policy "Members add contacts to their workspace" on public.contacts
  for insert to authenticated
  with check (organization_id in (select private.organization_ids_with_role('member')));

create policy "Members change their workspace's contacts" on public.contacts
  for update to authenticated
  using (organization_id in (select private.organization_ids_with_role('member')))
  with check (organization_id in (select private.organization_ids_with_role('member')));

create policy "Members remove their workspace's contacts" on public.contacts
  for delete to authenticated
  using (organization_id in (select private.organization_ids_with_role('member')));
