-- Advertising campaigns: real data of an organization, like content items.

create table public.campaigns (
  id uuid primary key default gen_random_uuid(),
  organization_id uuid not null default private.current_organization_id()
    references public.organizations (id) on delete cascade,
  user_id uuid default auth.uid() references auth.users (id) on delete set null,
  title text not null constraint campaigns_title_length check (char_length(btrim(title)) between 1 and 200),
  description text constraint campaigns_description_length check (char_length(description) <= 5000),
  type text not null default 'advertising' constraint campaigns_type_check check (
    type in ('advertising', 'email', 'social', 'content', 'seo')
  ),
  status text not null default 'draft' constraint campaigns_status_check check (
    status in ('draft', 'active', 'paused', 'completed')
  ),
  budget numeric(14, 2) constraint campaigns_budget_check check (budget >= 0 and budget <= 1000000000000),
  start_date date,
  end_date date,
  target_audience text constraint campaigns_target_audience_length check (char_length(target_audience) <= 1000),
  goals text constraint campaigns_goals_length check (char_length(goals) <= 2000),
  execution_methods text[] not null default '{}' constraint campaigns_execution_methods_check check (
    execution_methods <@ array['Search Ads', 'Display Ads', 'Social Media', 'Video Ads', 'Native Ads', 'Retargeting']
  ),
  ad_collateral text[] not null default '{}' constraint campaigns_ad_collateral_check check (
    ad_collateral <@ array['Banner Images', 'Video Ads', 'Text Ads', 'Carousel Ads', 'Story Ads', 'Landing Pages']
  ),
  platforms text[] not null default '{}' constraint campaigns_platforms_check check (
    platforms <@ array['Google Ads', 'Facebook Ads', 'Instagram Ads', 'LinkedIn Ads', 'Twitter Ads', 'TikTok Ads']
  ),
  created_at timestamptz not null default now(),
  updated_at timestamptz not null default now(),
  constraint campaigns_dates_check check (end_date >= start_date)
);
create index campaigns_organization_id_created_at_idx on public.campaigns (organization_id, created_at desc);
create index campaigns_user_id_idx on public.campaigns (user_id);

create trigger campaigns_set_updated_at
  before insert or update on public.campaigns
  for each row execute function private.set_updated_at();

alter table public.campaigns enable row level security;

revoke all on table public.campaigns from anon, authenticated;
grant select, delete on table public.campaigns to authenticated;
grant insert (organization_id, user_id, title, description, type, status, budget, start_date, end_date,
              target_audience, goals, execution_methods, ad_collateral, platforms)
  on table public.campaigns to authenticated;
grant update (title, description, type, status, budget, start_date, end_date,
              target_audience, goals, execution_methods, ad_collateral, platforms)
  on table public.campaigns to authenticated;
grant all on table public.campaigns to service_role;

create policy "Members read their organization's campaigns" on public.campaigns
  for select to authenticated
  using (organization_id in (select private.current_user_organization_ids()));

create policy "Members add campaigns to their organization as themselves" on public.campaigns
  for insert to authenticated
  with check (
    organization_id in (select private.current_user_organization_ids())
    and user_id = (select auth.uid())
  );

create policy "Members change their organization's campaigns" on public.campaigns
  for update to authenticated
  using (organization_id in (select private.current_user_organization_ids()))
  with check (organization_id in (select private.current_user_organization_ids()));

create policy "Members remove their organization's campaigns" on public.campaigns
  for delete to authenticated
  using (organization_id in (select private.current_user_organization_ids()));
