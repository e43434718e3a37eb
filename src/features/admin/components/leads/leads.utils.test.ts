import { describe, expect, it } from 'vitest';
import { leadsCopy } from '@/config/leads-copy';
import { emptyLeadsMessage } from './leads.utils';

describe('emptyLeadsMessage', () => {
  it.each([
    ['open', '', leadsCopy.emptyOpen],
    ['all', '', leadsCopy.empty],
    ['won', '', leadsCopy.emptyFiltered],
    ['all', 'dana', leadsCopy.emptyFiltered],
    ['open', 'dana', leadsCopy.emptyFiltered],
  ] as const)('%s, %j → %s', (filter, search, expected) => {
    expect(emptyLeadsMessage(filter, search)).toBe(expected);
  });
});
