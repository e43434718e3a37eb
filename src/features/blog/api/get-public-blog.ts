import { queryOptions, useQuery } from '@tanstack/react-query';
import { blogKeys } from '@/features/blog/api/keys';
import { unwrap } from '@/lib/errors';
import { supabase } from '@/lib/supabase';
import { BLOG_POSTS_PER_PAGE } from '@/config/blog';

/** What get_public_blog returns (supabase/migrations/20261128020300_create_public_blog_functions.sql). */
export interface PublicBlog {
  slug: string;
  name: string;
  post_count: number;
  last_published_at: string | null;
  version: string;
}

/** What get_public_blog_posts returns for each item. */
export interface PublicPostSummary {
  slug: string;
  title: string;
  excerpt: string | null;
  featured_image_url: string | null;
  tags: string[];
  published_at: string | null;
  updated_at: string;
}

export interface BlogListPage {
  /** null: no blog at this address. */
  blog: PublicBlog | null;
  posts: PublicPostSummary[];
}

/** A blog and one page of its published items, as anyone reads them (security-definer functions, anon key). */
async function getBlogListPage(blogSlug: string, page: number): Promise<BlogListPage> {
  const [blog, posts] = await Promise.all([
    supabase.rpc('get_public_blog', { blog_slug: blogSlug }),
    supabase.rpc('get_public_blog_posts', { blog_slug: blogSlug, page_number: page, page_size: BLOG_POSTS_PER_PAGE }),
  ]);
  return { blog: (unwrap(blog) as PublicBlog[] | null)?.[0] ?? null, posts: (unwrap(posts) as PublicPostSummary[] | null) ?? [] };
}

export const blogListQuery = (blogSlug: string, page: number) =>
  queryOptions({ queryKey: blogKeys.list(blogSlug, page), queryFn: () => getBlogListPage(blogSlug, page) });

export function useBlogListPage(blogSlug: string, page: number) {
  return useQuery(blogListQuery(blogSlug, page));
}
