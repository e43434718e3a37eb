import type { ColumnContent, EmailBlock } from './email-blocks';
import { emailMarkdownToHtml } from './email-markdown';

const ENTITIES: Record<string, string> = { '&amp;': '&', '&lt;': '<', '&gt;': '>', '&quot;': '"', '&#39;': "'", '&#x27;': "'", '&nbsp;': ' ' };

export function decodeEntities(value: string): string {
  return value.replace(/&(amp|lt|gt|quot|#39|#x27|nbsp);/g, (entity) => ENTITIES[entity] ?? entity);
}

/** The HTML markdown-it made of a text block → plain text: links as "text (url)", paragraphs apart, list items dashed. */
export function htmlFragmentToText(html: string): string {
  return decodeEntities(
    html
      .replace(/<a href="([^"]*)">([\s\S]*?)<\/a>/g, (_whole, href: string, label: string) => {
        const text = label.replace(/<[^>]+>/g, '');
        const url = decodeEntities(href);
        return text === url || text === url.replace(/^mailto:/, '') ? text : `${text} (${url})`;
      })
      .replace(/<br\s*\/?>\n?/g, '\n')
      .replace(/<li>/g, '- ')
      .replace(/<\/(p|li|ul|ol)>\n?/g, (_whole, tag: string) => (tag === 'p' ? '\n\n' : '\n'))
      .replace(/<[^>]+>/g, ''),
  )
    .replace(/\n{3,}/g, '\n\n')
    .trim();
}

function blockText(block: EmailBlock | ColumnContent): string {
  switch (block.type) {
    case 'heading':
      return block.level === 2 ? block.text : block.text.toUpperCase() === block.text ? block.text : `${block.text}\n${'='.repeat(Math.min(block.text.length, 60))}`;
    case 'text':
      return htmlFragmentToText(emailMarkdownToHtml(block.markdown));
    case 'image':
      return [block.alt ? `[${block.alt}]` : '', block.href ? block.href : ''].filter(Boolean).join(' ');
    case 'button':
      return `${block.label}: ${block.href}`;
    case 'divider':
      return '---';
    case 'columns':
      return block.columns.map((column) => column.map(blockText).filter(Boolean).join('\n\n')).filter(Boolean).join('\n\n');
  }
}

/** The plain-text part of a message, made from its blocks (merge fields and placeholders left for filling). */
export function emailPlainText(blocks: EmailBlock[], footer: string): string {
  return `${blocks.map(blockText).filter(Boolean).join('\n\n')}\n\n--\n${footer}\n`;
}
