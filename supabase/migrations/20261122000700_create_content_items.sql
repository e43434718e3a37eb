-- Content items: real data of an organization; its members, and nobody else, see and manage them.

create table public.content_items (
  id uuid primary key default gen_random_uuid(),
  organization_id uuid not null default private.current_organization_id()
    references public.organizations (id) on delete cascade,
  user_id uuid default auth.uid() references auth.users (id) on delete set null,
  title text not null constraint content_items_title_length check (char_length(btrim(title)) between 1 and 200),
  content_type text not null default 'article' constraint content_items_content_type_check check (
    content_type in ('article', 'blog_post', 'case_study', 'whitepaper', 'video', 'infographic')
  ),
  status text not null default 'draft' constraint content_items_status_check check (
    status in ('draft', 'review', 'published', 'archived')
  ),
  content text constraint content_items_content_length check (char_length(content) <= 100000),
  excerpt text constraint content_items_excerpt_length check (char_length(excerpt) <= 1000),
  featured_image_url text constraint content_items_featured_image_url_format check (
    char_length(featured_image_url) <= 2048 and featured_image_url ~* '^https?://[^\s]+$'
  ),
  tags text[] not null default '{}' constraint content_items_tags_check check (
    cardinality(tags) <= 50 and array_position(tags, null) is null
  ),
  seo_title text constraint content_items_seo_title_length check (char_length(seo_title) <= 200),
  seo_description text constraint content_items_seo_description_length check (char_length(seo_description) <= 500),
  created_at timestamptz not null default now(),
  updated_at timestamptz not null default now()
);
create index content_items_organization_id_created_at_idx on public.content_items (organization_id, created_at desc);
create index content_items_user_id_idx on public.content_items (user_id);

create trigger content_items_set_updated_at
  before insert or update on public.content_items
  for each row execute function private.set_updated_at();

alter table public.content_items enable row level security;

-- organization_id and user_id are set on insert and never change (no update grant on them).
revoke all on table public.content_items from anon, authenticated;
grant select, delete on table public.content_items to authenticated;
grant insert (organization_id, user_id, title, content_type, status, content, excerpt, featured_image_url, tags, seo_title, seo_description)
  on table public.content_items to authenticated;
grant update (title, content_type, status, content, excerpt, featured_image_url, tags, seo_title, seo_description)
  on table public.content_items to authenticated;
grant all on table public.content_items to service_role;

create policy "Members read their organization's content" on public.content_items
  for select to authenticated
  using (organization_id in (select private.current_user_organization_ids()));

create policy "Members add content to their organization as themselves" on public.content_items
  for insert to authenticated
  with check (
    organization_id in (select private.current_user_organization_ids())
    and user_id = (select auth.uid())
  );

create policy "Members change their organization's content" on public.content_items
  for update to authenticated
  using (organization_id in (select private.current_user_organization_ids()))
  with check (organization_id in (select private.current_user_organization_ids()));

create policy "Members remove their organization's content" on public.content_items
  for delete to authenticated
  using (organization_id in (select private.current_user_organization_ids()));
