import { describe, expect, it } from 'vitest';
import { contactCursor, contactsAfter } from './contact-keyset';

const row = { id: 'b1', created_at: '2026-11-23T07:00:00.123456+00:00', lead_score: 80, sort_name: 'reyes dana "d"' };

describe('contactsAfter', () => {
  it('newest first: created_at <= c, then created_at < c or id < i', () => {
    expect(contactsAfter('newest', contactCursor('newest', row))).toEqual({
      column: 'created_at',
      bound: 'lte',
      value: row.created_at,
      or: 'created_at.lt."2026-11-23T07:00:00.123456+00:00",id.lt."b1"',
    });
  });

  it('highest score first: lead_score <= s, then lead_score < s or id < i', () => {
    expect(contactsAfter('score', contactCursor('score', row))).toEqual({ column: 'lead_score', bound: 'lte', value: 80, or: 'lead_score.lt."80",id.lt."b1"' });
  });

  it('by name (ascending): sort_name >= n, then sort_name > n or id > i, quotes escaped', () => {
    expect(contactsAfter('name', contactCursor('name', row))).toEqual({
      column: 'sort_name',
      bound: 'gte',
      value: 'reyes dana "d"',
      or: 'sort_name.gt."reyes dana \\"d\\"",id.gt."b1"',
    });
  });
});
