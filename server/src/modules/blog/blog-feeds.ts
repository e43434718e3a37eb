import { Feed } from 'feed';
import { BLOG_FEED_FILES, blogMeta, type BlogFeedKind } from '../../../../src/config/blog';
import { paths } from '../../../../src/config/paths';
import type { FeedPost, PublicBlog } from './blog-data';

/**
 * The blog's feeds, RSS 2.0, Atom 1.0 and JSON Feed 1, from the `feed` library (pure): the newest items with their
 * sanitised HTML, each item's link its page's canonical URL (also its id, which never changes: the slug is stable).
 */
export const FEED_CONTENT_TYPES: Record<BlogFeedKind, string> = {
  rss: 'application/rss+xml; charset=utf-8',
  atom: 'application/atom+xml; charset=utf-8',
  json: 'application/feed+json; charset=utf-8',
};

export function feedKindOf(file: string): BlogFeedKind | undefined {
  return (Object.keys(BLOG_FEED_FILES) as BlogFeedKind[]).find((kind) => BLOG_FEED_FILES[kind] === file);
}

export function renderBlogFeed(kind: BlogFeedKind, blog: PublicBlog, posts: FeedPost[], siteUrl: string): string {
  const blogUrl = `${siteUrl}${paths.blog(blog.slug)}`;
  const feedLinks = Object.fromEntries(
    (Object.keys(BLOG_FEED_FILES) as BlogFeedKind[]).map((each) => [each, `${siteUrl}${paths.blogFeed(blog.slug, BLOG_FEED_FILES[each])}`]),
  );
  const updated = posts.reduce<Date | undefined>((latest, post) => (!latest || post.updatedAt > latest ? post.updatedAt : latest), undefined);
  const feed = new Feed({
    id: blogUrl,
    title: blog.name,
    description: blogMeta(blog.name, 1).description,
    link: blogUrl,
    language: 'en',
    // A fixed date for an empty blog, so the feed (and its ETag) stays the same until something is published.
    updated: updated ?? new Date(0),
    generator: 'Beyond Brochures',
    feedLinks,
    author: { name: blog.name, link: blogUrl },
    copyright: `© ${blog.name}`,
  });
  for (const post of posts) {
    const link = `${siteUrl}${paths.blogPost(blog.slug, post.slug)}`;
    feed.addItem({
      title: post.title,
      id: link,
      link,
      date: post.updatedAt,
      published: post.publishedAt ?? post.updatedAt,
      description: post.excerpt ?? undefined,
      content: post.contentHtml,
      category: post.tags.map((tag) => ({ name: tag, term: tag })),
      ...(post.featuredImageUrl ? { image: { url: post.featuredImageUrl, type: imageType(post.featuredImageUrl), length: 0 } } : {}),
    });
  }
  if (kind === 'rss') return feed.rss2();
  if (kind === 'atom') return feed.atom1();
  return feed.json1();
}

/** RSS enclosures need a type: from the address's extension, else a generic image. */
function imageType(url: string): string {
  const extension = /\.([a-z0-9]+)(?:[?#]|$)/i.exec(new URL(url).pathname)?.[1]?.toLowerCase();
  const types: Record<string, string> = { jpg: 'image/jpeg', jpeg: 'image/jpeg', png: 'image/png', webp: 'image/webp', gif: 'image/gif', avif: 'image/avif', svg: 'image/svg+xml' };
  return (extension && types[extension]) || 'image/jpeg';
}
