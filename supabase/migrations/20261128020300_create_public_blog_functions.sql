-- What anyone may read of a workspace's public blog (20261128020000_create_workspace_blogs.sql): exactly the
-- published content items of workspaces that have a blog, with their server-rendered HTML
-- (20261128020200_create_content_item_html.sql), and the blog's name (the workspace's). Nothing else: no drafts, no
-- Markdown, no authors, no ids, no other table. The functions run as their owner (security definer) and carry the
-- whole rule in their own `where`; anon and every signed-in user call them alike (our server's blog pages call them
-- too, so both backends show the same).

-- The blog, with a fingerprint of everything its pages show (our server's ETag): it changes when an item is
-- published, changed, rendered again or unpublished (an unpublished item lowers a count; anything else raises the
-- newest moment), when the address changes or the workspace is renamed. Published items not rendered yet count in
-- the fingerprint (our server then renders them before it answers) but not in post_count: they are not shown yet.
create function public.get_public_blog(blog_slug text)
returns table (slug text, name text, post_count integer, last_published_at timestamptz, version text)
language sql stable security definer
set search_path = ''
as $$
  select b.slug, o.name, p.post_count, p.last_published_at,
    md5(concat_ws('|', b.slug, b.updated_at, o.name, o.updated_at, p.post_count, p.published_count, p.last_changed_at))
  from public.workspace_blogs b
  join public.organizations o on o.id = b.organization_id
  cross join lateral (
    select count(h.content_item_id)::integer as post_count, count(*) as published_count,
      max(c.published_at) filter (where h.content_item_id is not null) as last_published_at,
      max(greatest(c.updated_at, h.rendered_at)) as last_changed_at
    from public.content_items c
    left join private.content_item_html h on h.content_item_id = c.id
    where c.organization_id = b.organization_id and c.status = 'published'
  ) p
  where b.slug = blog_slug
$$;

-- One page of the blog's list, newest first (the page count comes from get_public_blog's post_count).
create function public.get_public_blog_posts(blog_slug text, page_number integer default 1, page_size integer default 10)
returns table (
  slug text, title text, excerpt text, featured_image_url text, tags text[], published_at timestamptz,
  updated_at timestamptz
)
language sql stable security definer
set search_path = ''
as $$
  select c.slug, c.title, c.excerpt, c.featured_image_url, c.tags, c.published_at, greatest(c.updated_at, h.rendered_at)
  from public.workspace_blogs b
  join public.content_items c on c.organization_id = b.organization_id and c.status = 'published'
  join private.content_item_html h on h.content_item_id = c.id
  where b.slug = blog_slug
  order by c.published_at desc nulls last, c.id desc
  limit least(greatest(page_size, 1), 50)
  offset (least(greatest(page_number, 1), 100000) - 1) * least(greatest(page_size, 1), 50)
$$;

-- One item's page.
create function public.get_public_blog_post(blog_slug text, post_slug text)
returns table (
  slug text, title text, excerpt text, content_html text, featured_image_url text, tags text[], seo_title text,
  seo_description text, published_at timestamptz, updated_at timestamptz
)
language sql stable security definer
set search_path = ''
as $$
  select c.slug, c.title, c.excerpt, h.html, c.featured_image_url, c.tags, c.seo_title, c.seo_description,
    c.published_at, greatest(c.updated_at, h.rendered_at)
  from public.workspace_blogs b
  join public.content_items c on c.organization_id = b.organization_id and c.status = 'published' and c.slug = post_slug
  join private.content_item_html h on h.content_item_id = c.id
  where b.slug = blog_slug
$$;

-- The newest items with their HTML, for the blog's feeds (RSS 2.0, Atom, JSON Feed).
create function public.get_public_blog_feed(blog_slug text, item_limit integer default 20)
returns table (
  slug text, title text, excerpt text, content_html text, featured_image_url text, tags text[],
  published_at timestamptz, updated_at timestamptz
)
language sql stable security definer
set search_path = ''
as $$
  select c.slug, c.title, c.excerpt, h.html, c.featured_image_url, c.tags, c.published_at, greatest(c.updated_at, h.rendered_at)
  from public.workspace_blogs b
  join public.content_items c on c.organization_id = b.organization_id and c.status = 'published'
  join private.content_item_html h on h.content_item_id = c.id
  where b.slug = blog_slug
  order by c.published_at desc nulls last, c.id desc
  limit least(greatest(item_limit, 1), 50)
$$;

revoke all on function public.get_public_blog(text), public.get_public_blog_posts(text, integer, integer),
  public.get_public_blog_post(text, text), public.get_public_blog_feed(text, integer) from public;
grant execute on function public.get_public_blog(text), public.get_public_blog_posts(text, integer, integer),
  public.get_public_blog_post(text, text), public.get_public_blog_feed(text, integer) to anon, authenticated, service_role;
