/**
 * The workspace's public blog: the rules of its address and how its pages name things, once for the SPA and our
 * server's pages (server/src/modules/blog/). The database enforces the same address rules
 * (supabase/migrations/20261128020000_create_workspace_blogs.sql; a unit test compares the reserved words).
 */

export const BLOG_SLUG_MIN = 3;
export const BLOG_SLUG_MAX = 40;
export const BLOG_SLUG_PATTERN = /^[a-z0-9]+(-[a-z0-9]+)*$/;

/** Paths of the product and words that would read as the platform's own. */
export const RESERVED_BLOG_SLUGS: readonly string[] = [
  'about', 'account', 'admin', 'administrator', 'api', 'app', 'assets', 'atom', 'auth', 'beyond-brochures', 'billing',
  'blog', 'blogs', 'contact', 'contacts', 'dashboard', 'docs', 'edit', 'feed', 'feeds', 'health', 'help', 'invite',
  'login', 'logout', 'marketing', 'new', 'null', 'official', 'page', 'portfolio', 'pricing', 'privacy', 'ready',
  'rest', 'roi', 'root', 'rss', 'security', 'settings', 'sign-in', 'sign-up', 'signup', 'sitemap', 'static',
  'status', 'storage', 'support', 'team', 'terms', 'undefined', 'www',
];

export type BlogSlugProblem = 'required' | 'too_short' | 'too_long' | 'format' | 'reserved';

/** What a typed address becomes (trimmed, lower case) and what is wrong with it, if anything. */
export function checkBlogSlug(input: string): { slug: string; problem?: BlogSlugProblem } {
  const slug = input.trim().toLowerCase();
  if (!slug) return { slug, problem: 'required' };
  if (slug.length < BLOG_SLUG_MIN) return { slug, problem: 'too_short' };
  if (slug.length > BLOG_SLUG_MAX) return { slug, problem: 'too_long' };
  if (!BLOG_SLUG_PATTERN.test(slug)) return { slug, problem: 'format' };
  if (RESERVED_BLOG_SLUGS.includes(slug)) return { slug, problem: 'reserved' };
  return { slug };
}

/** A content item's slug (made by the database): the same shape, longer. */
export const POST_SLUG_PATTERN = /^[a-z0-9]+(-[a-z0-9]+)*$/;

export const BLOG_POSTS_PER_PAGE = 10;

export type BlogFeedKind = 'rss' | 'atom' | 'json';
export const BLOG_FEED_FILES: Record<BlogFeedKind, string> = { rss: 'rss.xml', atom: 'atom.xml', json: 'feed.json' };

/** "November 28, 2026": the day in UTC, so the server's page and the SPA's agree wherever they render. */
export function formatBlogDate(date: Date | string): string {
  return new Intl.DateTimeFormat('en-US', { dateStyle: 'long', timeZone: 'UTC' }).format(new Date(date));
}

/** Page n of a list: a whole number from 1; anything else is not a page. */
export function parseBlogPage(value: string | null | undefined): number | undefined {
  if (value === null || value === undefined || value === '') return 1;
  if (!/^[1-9][0-9]{0,5}$/.test(value)) return undefined;
  return Number(value);
}

export function blogPageCount(postCount: number): number {
  return Math.max(1, Math.ceil(postCount / BLOG_POSTS_PER_PAGE));
}

/** The item page's <title> and description: the SEO fields when set, else the title and excerpt. */
export function postMeta(post: { title: string; excerpt: string | null; seoTitle: string | null; seoDescription: string | null }, blogName: string) {
  return {
    title: `${post.seoTitle?.trim() || post.title} | ${blogName}`,
    description: post.seoDescription?.trim() || post.excerpt?.trim() || `${post.title}, on ${blogName}.`,
  };
}

export function blogMeta(blogName: string, page: number) {
  return {
    title: page > 1 ? `${blogName} – page ${page}` : blogName,
    description: `The latest articles from ${blogName}.`,
  };
}
