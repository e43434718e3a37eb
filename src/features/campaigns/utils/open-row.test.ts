import { describe, expect, it } from 'vitest';
import { toggleOpenRow, visibleOpenRow } from '@/features/campaigns/utils/open-row';

describe('toggleOpenRow', () => {
  it('opens a row when none is open', () => {
    expect(toggleOpenRow(null, 'a')).toBe('a');
  });

  it('opening another row closes the open one', () => {
    expect(toggleOpenRow('a', 'b')).toBe('b');
  });

  it('toggling the open row closes it', () => {
    expect(toggleOpenRow('a', 'a')).toBeNull();
  });
});

describe('visibleOpenRow', () => {
  it('keeps the open row while it is listed', () => {
    expect(visibleOpenRow('b', ['a', 'b'])).toBe('b');
  });

  it('shows none open when the open row left the list (deleted) or none was open', () => {
    expect(visibleOpenRow('gone', ['a', 'b'])).toBeNull();
    expect(visibleOpenRow(null, ['a'])).toBeNull();
  });
});
