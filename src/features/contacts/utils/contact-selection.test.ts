import { describe, expect, it } from 'vitest';
import { shownSelection, toggled, without } from './contact-selection';

describe('contact selection', () => {
  it('keeps only the selected ids that are shown, in the order shown', () => {
    expect([...shownSelection(new Set(['c', 'gone', 'a']), ['a', 'b', 'c'])]).toEqual(['a', 'c']);
    expect(shownSelection(new Set(['hidden']), ['a']).size).toBe(0);
  });

  it('adds and removes one id', () => {
    expect([...toggled(new Set(['a']), 'b', true)]).toEqual(['a', 'b']);
    expect([...toggled(new Set(['a', 'b']), 'a', false)]).toEqual(['b']);
  });

  it('drops deleted ids', () => {
    expect([...without(new Set(['a', 'b', 'c']), ['b', 'x'])]).toEqual(['a', 'c']);
  });
});
