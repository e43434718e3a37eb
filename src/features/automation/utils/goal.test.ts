import { describe, expect, it } from 'vitest';
import { goalKindOf, goalOfKind } from '@/features/automation/utils/goal';

describe('goalOfKind / goalKindOf', () => {
  it('none is no goal; a stage goal starts at customer; a tag goal starts with the tag to name', () => {
    expect(goalOfKind('none')).toBeNull();
    expect(goalOfKind('stage')).toEqual({ kind: 'stage', stage: 'customer' });
    expect(goalOfKind('tag')).toEqual({ kind: 'tag', tag: '' });
  });

  it('reads a workflow without a goal (absent or null) as none, and a goal as its kind', () => {
    expect(goalKindOf(undefined)).toBe('none');
    expect(goalKindOf(null)).toBe('none');
    expect(goalKindOf({ kind: 'tag', tag: 'bought' })).toBe('tag');
    expect(goalKindOf({ kind: 'stage', stage: 'lead' })).toBe('stage');
  });
});
