import sanitizeHtml from 'sanitize-html';

/**
 * The server's last word on what a text block may put into a message (decision 0020): only paragraphs, line breaks,
 * emphasis, lists, code and links to http(s) or mailto addresses. Whatever the stored Markdown holds (markdown-it
 * already shows raw HTML as text), no script, style, form, iframe, event handler or other scheme comes out.
 */
const OPTIONS: sanitizeHtml.IOptions = {
  allowedTags: ['p', 'br', 'strong', 'em', 'ul', 'ol', 'li', 'code', 'a'],
  allowedAttributes: { a: ['href'] },
  allowedSchemes: ['https', 'http', 'mailto'],
  allowedSchemesAppliedToAttributes: ['href'],
  allowProtocolRelative: false,
  nonTextTags: ['script', 'style', 'textarea', 'option', 'noscript', 'template', 'title', 'xmp', 'iframe', 'object', 'embed', 'svg', 'math', 'form'],
};

export function sanitizeEmailFragment(html: string): string {
  return sanitizeHtml(html, OPTIONS);
}
