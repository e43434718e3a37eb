import { BLOG_SLUG_MAX, BLOG_SLUG_MIN, BLOG_SLUG_PATTERN, blogPageCount, parseBlogPage, POST_SLUG_PATTERN, type BlogFeedKind } from '../../../../src/config/blog';
import type { Sql } from '../../db/client';
import { loadBlog, loadFeedPosts, loadPost, loadPostPage, type PublicBlog } from './blog-data';
import { FEED_CONTENT_TYPES, renderBlogFeed } from './blog-feeds';
import { renderBlogListPage, renderBlogNotFoundPage, renderBlogPostPage } from './blog-pages';
import { CONTENT_HTML_RENDERER } from './content-html-renderer';
import { blogEtag, matchesIfNoneMatch, PageCache } from './page-cache';
import { renderStaleContentHtml } from './render-content-html';

/** Bump when the pages' or feeds' markup changes: browsers and proxies then fetch them again. */
const PAGE_TEMPLATE_VERSION = '1';
const HTML = 'text/html; charset=utf-8';
/** Items one request renders at most; a blog with more stale items goes on at its next requests. */
const RENDER_BATCH = 50;

export type BlogRequest =
  | { kind: 'list'; blogSlug: string; page: string | undefined }
  | { kind: 'post'; blogSlug: string; postSlug: string }
  | { kind: 'feed'; blogSlug: string; feed: BlogFeedKind };

export interface BlogAnswer {
  status: 200 | 304 | 404;
  contentType: string;
  body: string;
  etag?: string;
}

type Built = Omit<BlogAnswer, 'etag'>;

const isBlogSlug = (slug: string) => slug.length >= BLOG_SLUG_MIN && slug.length <= BLOG_SLUG_MAX && BLOG_SLUG_PATTERN.test(slug);

/**
 * The blog's answers for our server (the routes stay thin): the blog's version from the database first (one query),
 * then 304 when the client has this version, else the page from the cache or built and cached. Before it answers a
 * new version it renders any published item whose HTML is missing or out of date, so a page never waits for a worker.
 */
export function createBlogService(options: { sql: Sql; siteUrl: string; cacheSize?: number; onRenderError?: (contentItemId: string, error: unknown) => void }) {
  const { sql, siteUrl } = options;
  const pages = new PageCache<Built>(options.cacheSize ?? 300);
  const renderedFor = new PageCache<string>(1000);

  async function currentBlog(slug: string): Promise<PublicBlog | undefined> {
    let blog = await loadBlog(sql, slug);
    if (blog && renderedFor.get(slug) !== blog.version) {
      const stored = await renderStaleContentHtml(sql, { blogSlug: slug, limit: RENDER_BATCH, onError: options.onRenderError });
      // Read again even when this request stored nothing: the publishing job may have stored the same HTML meanwhile.
      blog = await loadBlog(sql, slug);
      if (blog && stored < RENDER_BATCH) renderedFor.set(slug, blog.version);
    }
    return blog;
  }

  const notFound = (blog: PublicBlog | undefined, path: string): Built => ({ status: 404, contentType: HTML, body: renderBlogNotFoundPage(blog, siteUrl, path) });

  async function build(request: BlogRequest, blog: PublicBlog, path: string): Promise<Built> {
    if (request.kind === 'feed') {
      const posts = await loadFeedPosts(sql, blog.slug);
      return { status: 200, contentType: FEED_CONTENT_TYPES[request.feed], body: renderBlogFeed(request.feed, blog, posts, siteUrl) };
    }
    if (request.kind === 'post') {
      const post = POST_SLUG_PATTERN.test(request.postSlug) ? await loadPost(sql, blog.slug, request.postSlug) : undefined;
      return post ? { status: 200, contentType: HTML, body: renderBlogPostPage(blog, post, siteUrl) } : notFound(blog, path);
    }
    const page = parseBlogPage(request.page);
    const pageCount = blogPageCount(blog.postCount);
    if (page === undefined || page > pageCount) return notFound(blog, path);
    const posts = await loadPostPage(sql, blog.slug, page);
    return { status: 200, contentType: HTML, body: renderBlogListPage(blog, posts, page, pageCount, siteUrl) };
  }

  return {
    /** `path`: the URL's path (for the not-found page's canonical address); `ifNoneMatch`: the request's header. */
    async answer(request: BlogRequest, path: string, ifNoneMatch: string | undefined): Promise<BlogAnswer> {
      if (!isBlogSlug(request.blogSlug)) return notFound(undefined, path);
      const blog = await currentBlog(request.blogSlug);
      if (!blog) return notFound(undefined, path);
      const key = JSON.stringify(request);
      const etag = blogEtag(blog.version, PAGE_TEMPLATE_VERSION, CONTENT_HTML_RENDERER, siteUrl, key);
      const cacheKey = `${key}|${blog.version}`;
      const cached = pages.get(cacheKey);
      if (cached?.status === 200 && matchesIfNoneMatch(ifNoneMatch, etag)) return { status: 304, contentType: cached.contentType, body: '', etag };
      const built = cached ?? (await build(request, blog, path));
      if (!cached) pages.set(cacheKey, built);
      if (built.status !== 200) return built;
      if (matchesIfNoneMatch(ifNoneMatch, etag)) return { status: 304, contentType: built.contentType, body: '', etag };
      return { ...built, etag };
    },
  };
}

export type BlogService = ReturnType<typeof createBlogService>;
