import MarkdownIt from 'markdown-it';

/**
 * A text block's Markdown → HTML: paragraphs, line breaks, **bold**, *italic*, [links](https://…), bare URLs and
 * lists; nothing else (markdown-it's `zero` preset with those rules). Raw HTML is never HTML here (`html: false`:
 * `<script>` is shown as text), and markdown-it's own link check refuses javascript:, vbscript:, file: and data:
 * links. The server sanitises the result once more before it goes into a message.
 */
const markdown = new MarkdownIt('zero', { html: false, linkify: true, breaks: true }).enable([
  'paragraph',
  'newline',
  'emphasis',
  'link',
  'linkify',
  'escape',
  'list',
  'backticks',
  'entity',
]);

export function emailMarkdownToHtml(source: string): string {
  return markdown.render(source);
}
