import { BLOG_FEED_FILES, type BlogFeedKind } from '../../../../src/config/blog';
import { paths } from '../../../../src/config/paths';
import { site } from '../../../../src/config/site';
import { escapeHtml } from '../../lib/escape-html';

/**
 * The frame of every public blog page our server renders: head (title, description, canonical URL, Open Graph,
 * feeds), one inline style sheet, no script at all. Pure: text in, HTML out; every value is escaped here.
 */
export interface PageHead {
  title: string;
  description: string;
  /** Absolute URL of this page. */
  canonicalUrl: string;
  og: { type: 'website' | 'article'; image?: string | null; publishedTime?: Date | null; modifiedTime?: Date | null; tags?: string[] };
}

export interface BlogFrame {
  blogName: string;
  blogSlug: string;
  siteUrl: string;
}

const FEED_TYPES: Record<BlogFeedKind, { type: string; label: string }> = {
  rss: { type: 'application/rss+xml', label: 'RSS' },
  atom: { type: 'application/atom+xml', label: 'Atom' },
  json: { type: 'application/feed+json', label: 'JSON Feed' },
};

// System fonts, 4.5:1 contrast at least, images in reserved boxes (no layout shift).
const STYLE = `
*,*::before,*::after{box-sizing:border-box}
body{margin:0;font:1.0625rem/1.7 system-ui,-apple-system,"Segoe UI",Roboto,"Helvetica Neue",Arial,sans-serif;color:#1f2328;background:#fff}
a{color:#0b57d0}a:hover{text-decoration-thickness:2px}
.wrap{max-width:44rem;margin:0 auto;padding:0 1.25rem}
.top{border-bottom:1px solid #d8dee4;padding:1rem 0}.top a{color:#1f2328;font-weight:700;font-size:1.25rem;text-decoration:none}
main{padding:2rem 0 3rem}
h1{font-size:2.1rem;line-height:1.25;margin:0 0 .75rem;overflow-wrap:anywhere}
h2,h3,h4{line-height:1.3;overflow-wrap:anywhere}
.meta{color:#57606a;font-size:.95rem;margin:0 0 1rem}
.tags{display:flex;flex-wrap:wrap;gap:.5rem;list-style:none;padding:0;margin:0 0 1.5rem}
.tags li{background:#eef1f4;border-radius:999px;padding:.1rem .7rem;font-size:.875rem;color:#1f2328}
.cover{display:block;width:100%;aspect-ratio:16/9;object-fit:cover;border-radius:.5rem;background:#eef1f4;margin:0 0 1.5rem}
.posts{list-style:none;padding:0;margin:0}.posts>li{border-bottom:1px solid #d8dee4;padding:1.5rem 0}
.posts h2{font-size:1.35rem;margin:0 0 .25rem}.posts h2 a{color:#1f2328}
.posts p{margin:.25rem 0 0}
.posts .cover{margin:0 0 .75rem}
.content{overflow-wrap:anywhere}
.content img{max-width:100%;height:auto}
.content pre{background:#f6f8fa;padding:1rem;overflow-x:auto;border-radius:.375rem;font-size:.9rem}
.content code{font-size:.9em}
.content blockquote{margin:1rem 0;padding:0 1rem;border-left:4px solid #d8dee4;color:#424a53}
.content table{border-collapse:collapse;display:block;overflow-x:auto}.content th,.content td{border:1px solid #d8dee4;padding:.4rem .6rem}
.pager{display:flex;justify-content:space-between;gap:1rem;flex-wrap:wrap;padding:1.5rem 0 0}
.empty{padding:2rem 0;color:#424a53}
footer{border-top:1px solid #d8dee4;padding:1.25rem 0 2rem;color:#57606a;font-size:.9rem}
footer a{color:#0b57d0;display:inline-block;padding:.35rem 0;margin-right:1rem}
`.replace(/\n/g, '');

function metaTags(head: PageHead, siteName: string): string[] {
  const property = (name: string, value: string) => `<meta property="${name}" content="${escapeHtml(value)}">`;
  const tags = [
    property('og:type', head.og.type),
    property('og:title', head.title),
    property('og:description', head.description),
    property('og:url', head.canonicalUrl),
    property('og:site_name', siteName),
    `<meta name="twitter:card" content="${head.og.image ? 'summary_large_image' : 'summary'}">`,
  ];
  if (head.og.image) tags.push(property('og:image', head.og.image));
  if (head.og.publishedTime) tags.push(property('article:published_time', head.og.publishedTime.toISOString()));
  if (head.og.modifiedTime) tags.push(property('article:modified_time', head.og.modifiedTime.toISOString()));
  for (const tag of head.og.tags ?? []) tags.push(property('article:tag', tag));
  return tags;
}

export function feedUrl(frame: BlogFrame, kind: BlogFeedKind): string {
  return `${frame.siteUrl}${paths.blogFeed(frame.blogSlug, BLOG_FEED_FILES[kind])}`;
}

/** `frame` null: a page outside any blog (an unknown blog's address), without the blog's header and feeds. */
export function renderPage(head: PageHead, frame: BlogFrame | null, body: string): string {
  const kinds = Object.keys(FEED_TYPES) as BlogFeedKind[];
  const feeds = !frame ? [] : kinds.map(
    (kind) => `<link rel="alternate" type="${FEED_TYPES[kind].type}" title="${escapeHtml(`${frame.blogName} (${FEED_TYPES[kind].label})`)}" href="${escapeHtml(feedUrl(frame, kind))}">`,
  );
  const feedLinks = !frame ? [] : kinds.map((kind) => `<a href="${escapeHtml(feedUrl(frame, kind))}">${FEED_TYPES[kind].label}</a>`);
  return [
    '<!doctype html>',
    '<html lang="en">',
    '<head>',
    '<meta charset="utf-8">',
    '<meta name="viewport" content="width=device-width, initial-scale=1">',
    `<title>${escapeHtml(head.title)}</title>`,
    `<meta name="description" content="${escapeHtml(head.description)}">`,
    `<link rel="canonical" href="${escapeHtml(head.canonicalUrl)}">`,
    ...metaTags(head, frame?.blogName ?? site.name),
    ...feeds,
    '<link rel="icon" type="image/svg+xml" href="/favicon.svg">',
    `<style>${STYLE}</style>`,
    '</head>',
    '<body>',
    frame ? `<header class="top"><div class="wrap"><a href="${escapeHtml(paths.blog(frame.blogSlug))}">${escapeHtml(frame.blogName)}</a></div></header>` : '',
    `<main class="wrap">${body}</main>`,
    `<footer><div class="wrap">${frame ? `<nav aria-label="Feeds">Follow: ${feedLinks.join('')}</nav>` : ''}<p>Published with ${escapeHtml(site.name)}.</p></div></footer>`,
    '</body>',
    '</html>',
  ].join('\n');
}
