-- The workspace's public blog (issue 26): the owner chooses its address, `/blog/<slug>`, and the workspace's published
-- content items are then public there (functions of 20261128020300_create_public_blog_functions.sql; nothing else
-- of the workspace is). One blog per workspace; no row, no blog.
--
-- Every member reads the row (the Content Hub shows the blog's address); only owners create, change or remove it:
-- a blog makes the workspace's published items public, which is an owner's decision.
--
-- The slug: 3-40 characters, lower-case letters, digits and single hyphens, starting and ending with a letter or
-- digit, unique over all workspaces, and none of the reserved words below (paths of the product, words that read as
-- the platform's own). The SPA checks the same rules first (src/config/blog.ts, compared with this file by a test).

create function private.is_reserved_blog_slug(slug text) returns boolean
language sql immutable parallel safe
set search_path = ''
as $$
  select slug = any (array[
    'about', 'account', 'admin', 'administrator', 'api', 'app', 'assets', 'atom', 'auth', 'beyond-brochures', 'billing',
    'blog', 'blogs', 'contact', 'contacts', 'dashboard', 'docs', 'edit', 'feed', 'feeds', 'health', 'help', 'invite',
    'login', 'logout', 'marketing', 'new', 'null', 'official', 'page', 'portfolio', 'pricing', 'privacy', 'ready',
    'rest', 'roi', 'root', 'rss', 'security', 'settings', 'sign-in', 'sign-up', 'signup', 'sitemap', 'static',
    'status', 'storage', 'support', 'team', 'terms', 'undefined', 'www'
  ]::text[])
$$;

revoke all on function private.is_reserved_blog_slug(text) from public;
grant execute on function private.is_reserved_blog_slug(text) to anon, authenticated, service_role;

create table public.workspace_blogs (
  organization_id uuid primary key default private.current_organization_id()
    references public.organizations (id) on delete cascade,
  slug text not null
    constraint workspace_blogs_slug_format check (char_length(slug) between 3 and 40 and slug ~ '^[a-z0-9]+(-[a-z0-9]+)*$')
    constraint workspace_blogs_slug_reserved check (not private.is_reserved_blog_slug(slug)),
  created_at timestamptz not null default now(),
  updated_at timestamptz not null default now()
);
create unique index workspace_blogs_slug_key on public.workspace_blogs (slug);

create trigger workspace_blogs_set_updated_at
  before insert or update on public.workspace_blogs
  for each row execute function private.set_updated_at();

alter table public.workspace_blogs enable row level security;

revoke all on table public.workspace_blogs from anon, authenticated;
grant select, delete on table public.workspace_blogs to authenticated;
grant insert (organization_id, slug), update (slug) on table public.workspace_blogs to authenticated;
grant all on table public.workspace_blogs to service_role;

create policy "Members read their workspace's blog" on public.workspace_blogs
  for select to authenticated
  using (organization_id in (select private.current_user_organization_ids()));

create policy "Owners open their workspace's blog" on public.workspace_blogs
  for insert to authenticated
  with check (organization_id in (select private.organization_ids_with_role('owner')));

create policy "Owners change their workspace's blog address" on public.workspace_blogs
  for update to authenticated
  using (organization_id in (select private.organization_ids_with_role('owner')))
  with check (organization_id in (select private.organization_ids_with_role('owner')));

create policy "Owners close their workspace's blog" on public.workspace_blogs
  for delete to authenticated
  using (organization_id in (select private.organization_ids_with_role('owner')));
