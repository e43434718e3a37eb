import type { EmailBlock, EmailBlockType } from '@/lib/email-template/email-blocks';

/** A new block of a kind, ready to fill in. */
export function newBlock(type: EmailBlockType): EmailBlock {
  switch (type) {
    case 'heading':
      return { type, text: 'Hello {{first_name|there}}', level: 1 };
    case 'text':
      return { type, markdown: '' };
    case 'image':
      return { type, src: 'https://', alt: '' };
    case 'button':
      return { type, label: 'Read more', href: 'https://' };
    case 'divider':
      return { type };
    case 'columns':
      return { type, columns: [[{ type: 'text', markdown: '' }], [{ type: 'text', markdown: '' }]] };
  }
}

/** The list with the block at `index` moved by `step` (−1 up, +1 down); unchanged at the ends. */
export function moveBlock<T>(blocks: readonly T[], index: number, step: -1 | 1): T[] {
  const target = index + step;
  if (index < 0 || index >= blocks.length || target < 0 || target >= blocks.length) return [...blocks];
  const next = [...blocks];
  [next[index], next[target]] = [next[target]!, next[index]!];
  return next;
}

export function replaceBlock<T>(blocks: readonly T[], index: number, block: T): T[] {
  return blocks.map((current, position) => (position === index ? block : current));
}

export function removeBlock<T>(blocks: readonly T[], index: number): T[] {
  return blocks.filter((_, position) => position !== index);
}
