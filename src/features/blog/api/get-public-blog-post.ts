import { queryOptions, useQuery } from '@tanstack/react-query';
import type { PublicBlog, PublicPostSummary } from '@/features/blog/api/get-public-blog';
import { blogKeys } from '@/features/blog/api/keys';
import { unwrap } from '@/lib/errors';
import { supabase } from '@/lib/supabase';

/** What get_public_blog_post returns: the list's fields, the server's HTML and the SEO fields. */
export interface PublicPost extends PublicPostSummary {
  content_html: string;
  seo_title: string | null;
  seo_description: string | null;
}

/** null parts: no blog or no published item at this address. */
export interface BlogPostPage {
  blog: PublicBlog | null;
  post: PublicPost | null;
}

async function getBlogPost(blogSlug: string, postSlug: string): Promise<BlogPostPage> {
  const [blog, post] = await Promise.all([
    supabase.rpc('get_public_blog', { blog_slug: blogSlug }),
    supabase.rpc('get_public_blog_post', { blog_slug: blogSlug, post_slug: postSlug }),
  ]);
  return { blog: (unwrap(blog) as PublicBlog[] | null)?.[0] ?? null, post: (unwrap(post) as PublicPost[] | null)?.[0] ?? null };
}

export function useBlogPost(blogSlug: string, postSlug: string) {
  return useQuery(queryOptions({ queryKey: blogKeys.post(blogSlug, postSlug), queryFn: () => getBlogPost(blogSlug, postSlug) }));
}
