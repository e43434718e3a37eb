import { describe, expect, it } from 'vitest';
import { lastActiveText, memberName } from './member-display';

describe('memberName', () => {
  it('uses the names, else the e-mail address', () => {
    expect(memberName({ firstName: 'Ada', lastName: 'Lovelace', email: 'a@x.io' })).toBe('Ada Lovelace');
    expect(memberName({ firstName: 'Ada', lastName: '', email: 'a@x.io' })).toBe('Ada');
    expect(memberName({ firstName: '', lastName: '', email: 'a@x.io' })).toBe('a@x.io');
  });
});

describe('lastActiveText', () => {
  const now = new Date(2026, 5, 10, 15, 0);
  it.each([
    [null, 'Never'],
    [new Date(2026, 5, 10, 0, 5).toISOString(), 'Today'],
    [new Date(2026, 5, 9, 23, 0).toISOString(), 'Yesterday'],
    [new Date(2026, 5, 7, 12, 0).toISOString(), '3 days ago'],
    [new Date(2026, 4, 1, 12, 0).toISOString(), new Date(2026, 4, 1, 12, 0).toLocaleDateString()],
  ])('%s → %s', (timestamp, expected) => {
    expect(lastActiveText(timestamp, now)).toBe(expected);
  });
});
