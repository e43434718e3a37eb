import { blogSlugMessages } from '@/config/blog-copy';

/**
 * The database's refusal of a blog address → the message shown by the field (or undefined: not about the field, a
 * toast says it). The constraints are those of supabase/migrations/20261128020000_create_workspace_blogs.sql.
 */
export function blogSlugErrorMessage(error: unknown): string | undefined {
  const { code, message } = (error ?? {}) as { code?: string; message?: string };
  const text = message ?? '';
  if (code === '23505' && text.includes('workspace_blogs_slug_key')) return blogSlugMessages.taken;
  if (code === '23514' && text.includes('workspace_blogs_slug_reserved')) return blogSlugMessages.reserved;
  if (code === '23514' && text.includes('workspace_blogs_slug_format')) return blogSlugMessages.format;
  if (code === '42501' || code === 'role_too_low') return blogSlugMessages.not_owner;
  return undefined;
}

/** The blog's public address for a page served from `origin`. */
export function blogUrl(origin: string, slug: string): string {
  return `${origin}/blog/${slug}`;
}
