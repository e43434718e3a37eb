-- A profile per user: names, marketing role, current organization, last activity.

create table public.profiles (
  id uuid primary key default gen_random_uuid(),
  user_id uuid not null unique references auth.users (id) on delete cascade,
  organization_id uuid references public.organizations (id) on delete set null,
  first_name text constraint profiles_first_name_length check (char_length(first_name) <= 100),
  last_name text constraint profiles_last_name_length check (char_length(last_name) <= 100),
  marketing_role text constraint profiles_marketing_role_check check (marketing_role in (
    'marketing_director', 'content_marketing_manager', 'digital_advertising_specialist',
    'email_marketing_specialist', 'social_media_manager', 'seo_sem_specialist',
    'customer_retention_specialist', 'data_analytics_manager', 'marketing_automation_specialist',
    'creative_director'
  )),
  last_active timestamptz,
  created_at timestamptz not null default now(),
  updated_at timestamptz not null default now()
);

create trigger profiles_set_updated_at
  before insert or update on public.profiles
  for each row execute function private.set_updated_at();

alter table public.profiles enable row level security;

-- Profiles are created by the sign-up trigger only; users change their names, role and activity, nothing else.
revoke all on table public.profiles from anon, authenticated;
grant select on table public.profiles to authenticated;
grant update (first_name, last_name, marketing_role, last_active) on table public.profiles to authenticated;
grant all on table public.profiles to service_role;

create policy "Users read their own profile" on public.profiles
  for select to authenticated
  using (user_id = (select auth.uid()));

create policy "Users update their own profile" on public.profiles
  for update to authenticated
  using (user_id = (select auth.uid()))
  with check (user_id = (select auth.uid()));

-- The organization new rows belong to when the client does not say: the user's current one.
create function private.current_organization_id() returns uuid
language sql stable security definer
set search_path = ''
as $$
  select p.organization_id from public.profiles p where p.user_id = (select auth.uid())
$$;

revoke all on function private.current_organization_id() from public;
grant execute on function private.current_organization_id() to authenticated, service_role;
