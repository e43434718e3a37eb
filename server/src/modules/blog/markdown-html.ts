import MarkdownIt from 'markdown-it';
import sanitizeHtml from 'sanitize-html';

/**
 * A content item's Markdown → the HTML its public blog page shows: markdown-it (CommonMark, GFM tables and
 * strikethrough, raw HTML allowed so authors can use <details> or <kbd>) and then sanitize-html with an allow-list,
 * so whatever the Markdown or its raw HTML holds, only these elements, attributes and URL schemes come out
 * (docs/decisions/0014-public-blog.md). Pure: the same input gives the same output.
 */

// A change of these rules must bump CONTENT_HTML_RENDERER (content-html-renderer.ts): every item is then re-rendered.

const markdown = new MarkdownIt({ html: true, linkify: true, typographer: false });

const TEXT_TAGS = ['p', 'br', 'hr', 'blockquote', 'pre', 'code', 'em', 'strong', 'b', 'i', 'u', 's', 'del', 'ins', 'mark', 'small', 'sub', 'sup', 'kbd', 'abbr', 'cite', 'q', 'span'];
const STRUCTURE_TAGS = ['h2', 'h3', 'h4', 'h5', 'h6', 'ul', 'ol', 'li', 'dl', 'dt', 'dd', 'details', 'summary', 'figure', 'figcaption'];
const TABLE_TAGS = ['table', 'caption', 'thead', 'tbody', 'tfoot', 'tr', 'th', 'td'];

const SANITIZE_OPTIONS: sanitizeHtml.IOptions = {
  allowedTags: [...TEXT_TAGS, ...STRUCTURE_TAGS, ...TABLE_TAGS, 'a', 'img'],
  allowedAttributes: {
    a: ['href', 'title'],
    img: ['src', 'alt', 'title', 'width', 'height', 'loading', 'decoding'],
    abbr: ['title'],
    ol: ['start'],
    th: ['style', 'colspan', 'rowspan', 'scope'],
    td: ['style', 'colspan', 'rowspan'],
    code: ['class'],
  },
  // Table alignment as markdown-it writes it; no other style.
  allowedStyles: { th: { 'text-align': [/^(left|right|center)$/] }, td: { 'text-align': [/^(left|right|center)$/] } },
  allowedClasses: { code: [/^language-[a-z0-9+#-]{1,30}$/] },
  // No javascript:, vbscript:, data: (HTML or SVG documents), file: or protocol-relative addresses.
  allowedSchemes: ['https', 'http', 'mailto'],
  allowedSchemesByTag: { img: ['https', 'http'] },
  allowedSchemesAppliedToAttributes: ['href', 'src', 'cite'],
  allowProtocolRelative: false,
  // Script, style and the like go with everything inside them (not only their tags).
  nonTextTags: ['script', 'style', 'textarea', 'option', 'noscript', 'template', 'title', 'xmp', 'iframe', 'object', 'embed', 'svg', 'math'],
  disallowedTagsMode: 'discard',
  transformTags: {
    // The page's title is its only h1: the Markdown's headings move one level down.
    h1: 'h2',
    h2: 'h3',
    h3: 'h4',
    h4: 'h5',
    h5: 'h6',
    img: (tagName, attribs) => ({ tagName, attribs: { ...attribs, loading: 'lazy', decoding: 'async' } }),
  },
  // An image whose address was refused is dropped, not left empty.
  exclusiveFilter: (frame) => frame.tag === 'img' && !frame.attribs.src,
};

export function sanitizeContentHtml(html: string): string {
  return sanitizeHtml(html, SANITIZE_OPTIONS);
}

export function renderContentHtml(markdownSource: string | null): string {
  if (!markdownSource?.trim()) return '';
  return sanitizeContentHtml(markdown.render(markdownSource));
}
