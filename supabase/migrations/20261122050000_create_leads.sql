-- Leads: messages sent through the public contact form (/contact).
-- Anyone may submit one; only site admins read them; nobody changes or removes them through the API.

create table public.leads (
  id uuid primary key default gen_random_uuid(),
  name text not null constraint leads_name_length check (char_length(btrim(name)) between 1 and 100),
  email text not null constraint leads_email_format check (
    char_length(email) between 3 and 254 and email ~* '^[^\s@]+@[^\s@]+\.[^\s@]+$'
  ),
  company text constraint leads_company_length check (char_length(company) <= 120),
  message text not null constraint leads_message_length check (char_length(btrim(message)) between 10 and 5000),
  created_at timestamptz not null default now()
);
create index leads_created_at_idx on public.leads (created_at desc);

alter table public.leads enable row level security;

-- Visitors write only the form's fields: id and created_at are the database's.
revoke all on table public.leads from anon, authenticated;
grant insert (name, email, company, message) on table public.leads to anon, authenticated;
grant select on table public.leads to authenticated;
grant all on table public.leads to service_role;

create policy "Anyone submits a lead" on public.leads
  for insert to anon, authenticated
  with check (true);

create policy "Site admins read leads" on public.leads
  for select to authenticated
  using ((select private.is_site_admin()));
