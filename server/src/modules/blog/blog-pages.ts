import { blogMeta, formatBlogDate, postMeta } from '../../../../src/config/blog';
import { paths } from '../../../../src/config/paths';
import { escapeHtml } from '../../lib/escape-html';
import type { PublicBlog, PublicPost, PublicPostSummary } from './blog-data';
import { renderPage, type BlogFrame } from './blog-page-layout';

/** The public blog's pages as our server renders them (pure): the list, an item, and the blog's not-found page. */

const frameOf = (blog: PublicBlog, siteUrl: string): BlogFrame => ({ blogName: blog.name, blogSlug: blog.slug, siteUrl });

function dateLine(publishedAt: Date | null): string {
  return publishedAt ? `<p class="meta"><time datetime="${publishedAt.toISOString()}">${escapeHtml(formatBlogDate(publishedAt))}</time></p>` : '';
}

function tagList(tags: string[], label: string): string {
  if (tags.length === 0) return '';
  return `<ul class="tags" aria-label="${escapeHtml(label)}">${tags.map((tag) => `<li>${escapeHtml(tag)}</li>`).join('')}</ul>`;
}

function cover(url: string | null, options: { isMain: boolean }): string {
  if (!url) return '';
  const loading = options.isMain ? 'fetchpriority="high"' : 'loading="lazy" decoding="async"';
  return `<img class="cover" src="${escapeHtml(url)}" alt="" width="1200" height="675" ${loading}>`;
}

function summaryItem(blogSlug: string, post: PublicPostSummary, index: number): string {
  const href = escapeHtml(paths.blogPost(blogSlug, post.slug));
  return [
    '<li><article>',
    cover(post.featuredImageUrl, { isMain: index === 0 }),
    `<h2><a href="${href}">${escapeHtml(post.title)}</a></h2>`,
    dateLine(post.publishedAt),
    post.excerpt ? `<p>${escapeHtml(post.excerpt)}</p>` : '',
    tagList(post.tags, `Tags of ${post.title}`),
    '</article></li>',
  ].join('');
}

export function renderBlogListPage(blog: PublicBlog, posts: PublicPostSummary[], page: number, pageCount: number, siteUrl: string): string {
  const meta = blogMeta(blog.name, page);
  const list = posts.length
    ? `<ol class="posts">${posts.map((post, index) => summaryItem(blog.slug, post, index)).join('')}</ol>`
    : '<p class="empty">Nothing has been published here yet.</p>';
  const pager =
    pageCount > 1
      ? [
          '<nav class="pager" aria-label="Pages">',
          page > 1 ? `<a href="${escapeHtml(paths.blog(blog.slug, page - 1))}" rel="prev">Newer articles</a>` : '<span></span>',
          `<span>Page ${page} of ${pageCount}</span>`,
          page < pageCount ? `<a href="${escapeHtml(paths.blog(blog.slug, page + 1))}" rel="next">Older articles</a>` : '<span></span>',
          '</nav>',
        ].join('')
      : '';
  const body = `<h1>${escapeHtml(meta.title)}</h1>${list}${pager}`;
  return renderPage(
    { title: meta.title, description: meta.description, canonicalUrl: `${siteUrl}${paths.blog(blog.slug, page)}`, og: { type: 'website' } },
    frameOf(blog, siteUrl),
    body,
  );
}

export function renderBlogPostPage(blog: PublicBlog, post: PublicPost, siteUrl: string): string {
  const meta = postMeta(post, blog.name);
  const body = [
    '<article>',
    `<h1>${escapeHtml(post.title)}</h1>`,
    dateLine(post.publishedAt),
    tagList(post.tags, 'Tags'),
    cover(post.featuredImageUrl, { isMain: true }),
    post.excerpt ? `<p class="meta">${escapeHtml(post.excerpt)}</p>` : '',
    // Rendered from Markdown and sanitised by the server when it was saved (markdown-html.ts): stored HTML.
    `<div class="content">${post.contentHtml}</div>`,
    '</article>',
    `<p><a href="${escapeHtml(paths.blog(blog.slug))}">All articles of ${escapeHtml(blog.name)}</a></p>`,
  ].join('');
  return renderPage(
    {
      title: meta.title,
      description: meta.description,
      canonicalUrl: `${siteUrl}${paths.blogPost(blog.slug, post.slug)}`,
      og: { type: 'article', image: post.featuredImageUrl, publishedTime: post.publishedAt, modifiedTime: post.updatedAt, tags: post.tags },
    },
    frameOf(blog, siteUrl),
    body,
  );
}

/** An unknown blog, item or page: a real page with status 404 (without the blog's frame when the blog is unknown). */
export function renderBlogNotFoundPage(blog: PublicBlog | undefined, siteUrl: string, path: string): string {
  const back = blog
    ? `<a href="${escapeHtml(paths.blog(blog.slug))}">All articles of ${escapeHtml(blog.name)}</a>`
    : `<a href="${escapeHtml(paths.home)}">Home</a>`;
  return renderPage(
    { title: 'Not found', description: 'There is no article at this address.', canonicalUrl: `${siteUrl}${path}`, og: { type: 'website' } },
    blog ? frameOf(blog, siteUrl) : null,
    `<h1>Not found</h1><p>There is no article at this address.</p><p>${back}</p>`,
  );
}
