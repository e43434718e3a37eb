-- Subscriber lists and their members with consent (decision 0020).
--
-- - email_lists: per workspace; single opt-in (a member is confirmed when added) or double opt-in (a member is
--   pending until they follow the link of the confirmation e-mail). Each list has a public subscribe form (an
--   embeddable snippet and a hosted page) named by `form_token`, and optionally a welcome e-mail (a template of the
--   workspace) sent to every member who becomes confirmed.
-- - email_list_members: a contact on a list, with its consent record: how it came (added by hand, from a filter, an
--   import or the subscribe form), from what (the member who added it, the filter, the file, the form), when, and
--   when it was confirmed. Written only by the functions of 20261128120400, which keep the record honest: nobody
--   types a consent through the API.
-- Every member reads lists and members; members, admins and owners manage them.

create table public.email_lists (
  id uuid primary key default gen_random_uuid(),
  organization_id uuid not null default private.current_organization_id() references public.organizations (id) on delete cascade,
  name text not null constraint email_lists_name_check check (char_length(name) between 1 and 100 and name = btrim(name)),
  description text constraint email_lists_description_length check (char_length(description) <= 500),
  opt_in text not null default 'double' constraint email_lists_opt_in_check check (opt_in in ('single', 'double')),
  form_enabled boolean not null default true,
  form_token text not null default private.new_email_token() constraint email_lists_form_token_key unique,
  welcome_enabled boolean not null default false,
  welcome_template_id uuid,
  created_by uuid default auth.uid() references auth.users (id) on delete set null,
  created_at timestamptz not null default now(),
  updated_at timestamptz not null default now(),
  -- The welcome template is one of the list's own workspace.
  constraint email_lists_welcome_template_fkey foreign key (organization_id, welcome_template_id)
    references public.email_templates (organization_id, id) on delete set null (welcome_template_id),
  constraint email_lists_welcome_needs_template check (not welcome_enabled or welcome_template_id is not null)
);
create unique index email_lists_organization_name_key on public.email_lists (organization_id, lower(name));

create trigger email_lists_set_updated_at
  before update on public.email_lists
  for each row execute function private.set_updated_at();

alter table public.email_lists enable row level security;
revoke all on table public.email_lists from anon, authenticated;
grant select, delete on table public.email_lists to authenticated;
grant insert (organization_id, name, description, opt_in, form_enabled, welcome_enabled, welcome_template_id)
  on table public.email_lists to authenticated;
grant update (name, description, opt_in, form_enabled, welcome_enabled, welcome_template_id) on table public.email_lists to authenticated;
grant all on table public.email_lists to service_role;

create policy "Members read their workspace's e-mail lists" on public.email_lists
  for select to authenticated
  using (organization_id in (select private.current_user_organization_ids()));

create policy "Members add e-mail lists" on public.email_lists
  for insert to authenticated
  with check (organization_id in (select private.organization_ids_with_role('member')));

create policy "Members change their workspace's e-mail lists" on public.email_lists
  for update to authenticated
  using (organization_id in (select private.organization_ids_with_role('member')))
  with check (organization_id in (select private.organization_ids_with_role('member')));

create policy "Members remove their workspace's e-mail lists" on public.email_lists
  for delete to authenticated
  using (organization_id in (select private.organization_ids_with_role('member')));

create table public.email_list_members (
  list_id uuid not null references public.email_lists (id) on delete cascade,
  contact_id uuid not null references public.contacts (id) on delete cascade,
  organization_id uuid not null references public.organizations (id) on delete cascade,
  status text not null constraint email_list_members_status_check check (status in ('pending', 'confirmed', 'unsubscribed')),
  consent_method text not null constraint email_list_members_consent_method_check check (
    consent_method in ('manual', 'filter', 'import', 'form')
  ),
  -- What it came from, in words: "Added by Olive Owner", "Filter: tags vip · stage customer", "Import of
  -- contacts.csv", "Subscribe form (hosted page)".
  consent_source text not null constraint email_list_members_consent_source_length check (char_length(consent_source) between 1 and 300),
  consented_by uuid references auth.users (id) on delete set null,
  consented_at timestamptz not null default now(),
  confirmed_at timestamptz,
  unsubscribed_at timestamptz,
  -- Double opt-in: the last confirmation e-mail and its link (a hash; the link itself is minted when it is sent).
  confirmation_sent_at timestamptz,
  confirm_token_hash bytea constraint email_list_members_confirm_token_key unique,
  confirm_expires_at timestamptz,
  updated_at timestamptz not null default now(),
  primary key (list_id, contact_id),
  constraint email_list_members_confirmed_when check (status <> 'confirmed' or confirmed_at is not null)
);
create index email_list_members_contact_idx on public.email_list_members (contact_id);
-- A campaign's cursor: the confirmed members of a list in contact id order.
create index email_list_members_sending_idx on public.email_list_members (list_id, contact_id) where status = 'confirmed';
create index email_list_members_list_status_idx on public.email_list_members (list_id, status);

alter table public.email_list_members enable row level security;
revoke all on table public.email_list_members from anon, authenticated;
-- confirm_token_hash is a SHA-256 of the link's random token: it opens nothing.
grant select on table public.email_list_members to authenticated;
grant all on table public.email_list_members to service_role;

create policy "Members read their workspace's list members" on public.email_list_members
  for select to authenticated
  using (organization_id in (select private.current_user_organization_ids()));
