import type { Sql } from '../../db/client';

/**
 * The public blog's data, read through the same security-definer functions anon calls through the data API
 * (supabase/migrations/20261128020300_create_public_blog_functions.sql), so our server's pages show exactly what
 * the SPA shows on hosted Supabase.
 */
export interface PublicBlog {
  slug: string;
  name: string;
  postCount: number;
  lastPublishedAt: Date | null;
  version: string;
}

export interface PublicPostSummary {
  slug: string;
  title: string;
  excerpt: string | null;
  featuredImageUrl: string | null;
  tags: string[];
  publishedAt: Date | null;
  updatedAt: Date;
}

export interface PublicPost extends PublicPostSummary {
  contentHtml: string;
  seoTitle: string | null;
  seoDescription: string | null;
}

export type FeedPost = Omit<PublicPost, 'seoTitle' | 'seoDescription'>;

export const POSTS_PER_PAGE = 10;
export const FEED_ITEMS = 20;

export async function loadBlog(sql: Sql, slug: string): Promise<PublicBlog | undefined> {
  const [row] = await sql<{ slug: string; name: string; post_count: number; last_published_at: Date | null; version: string }[]>`
    select * from public.get_public_blog(${slug})`;
  return row && { slug: row.slug, name: row.name, postCount: row.post_count, lastPublishedAt: row.last_published_at, version: row.version };
}

const summaryOf = (row: Record<string, unknown>): PublicPostSummary => ({
  slug: row.slug as string,
  title: row.title as string,
  excerpt: (row.excerpt as string | null) ?? null,
  featuredImageUrl: (row.featured_image_url as string | null) ?? null,
  tags: (row.tags as string[]) ?? [],
  publishedAt: (row.published_at as Date | null) ?? null,
  updatedAt: row.updated_at as Date,
});

export async function loadPostPage(sql: Sql, slug: string, page: number): Promise<PublicPostSummary[]> {
  const rows = await sql`select * from public.get_public_blog_posts(${slug}, ${page}, ${POSTS_PER_PAGE})`;
  return rows.map(summaryOf);
}

export async function loadPost(sql: Sql, slug: string, postSlug: string): Promise<PublicPost | undefined> {
  const [row] = await sql`select * from public.get_public_blog_post(${slug}, ${postSlug})`;
  return (
    row && {
      ...summaryOf(row),
      contentHtml: row.content_html as string,
      seoTitle: (row.seo_title as string | null) ?? null,
      seoDescription: (row.seo_description as string | null) ?? null,
    }
  );
}

export async function loadFeedPosts(sql: Sql, slug: string): Promise<FeedPost[]> {
  const rows = await sql`select * from public.get_public_blog_feed(${slug}, ${FEED_ITEMS})`;
  return rows.map((row) => ({ ...summaryOf(row), contentHtml: row.content_html as string }));
}
