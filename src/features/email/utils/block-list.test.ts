import { describe, expect, it } from 'vitest';
import { emailBlock } from '@/lib/email-template/email-blocks';
import { moveBlock, newBlock, removeBlock, replaceBlock } from './block-list';

describe('block list', () => {
  it.each([
    [1, -1, ['b', 'a', 'c']],
    [1, 1, ['a', 'c', 'b']],
    [0, -1, ['a', 'b', 'c']],
    [2, 1, ['a', 'b', 'c']],
  ] as const)('moves %i by %i', (index, step, expected) => {
    expect(moveBlock(['a', 'b', 'c'], index, step)).toEqual(expected);
  });

  it('replaces and removes by position', () => {
    expect(replaceBlock(['a', 'b'], 1, 'x')).toEqual(['a', 'x']);
    expect(removeBlock(['a', 'b', 'c'], 0)).toEqual(['b', 'c']);
  });

  it('new headings, dividers and columns are valid blocks; a new image or button waits for its address', () => {
    expect(emailBlock.safeParse(newBlock('heading')).success).toBe(true);
    expect(emailBlock.safeParse(newBlock('divider')).success).toBe(true);
    expect(emailBlock.safeParse(newBlock('columns')).success).toBe(true);
    expect(emailBlock.safeParse(newBlock('button')).success).toBe(false);
  });
});
