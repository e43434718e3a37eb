import { describe, expect, it } from 'vitest';
import { listCsvSchema, listImportGroup } from './list-csv-schema';

describe('listCsvSchema', () => {
  it.each([
    [{ email: ' Ann@Example.com ', first_name: 'Ann', last_name: '' }, { email: 'Ann@Example.com', first_name: 'Ann' }],
    [{ email: 'bob@example.com' }, { email: 'bob@example.com' }],
  ])('%j → %j', (input, expected) => {
    expect(listCsvSchema.row.parse(input)).toEqual(expected);
  });

  it.each([[{}], [{ email: 'not an address' }], [{ email: 'a@b.c', first_name: 'x'.repeat(101) }]])('refuses %j', (input) => {
    expect(listCsvSchema.row.safeParse(input).success).toBe(false);
  });

  it('groups lines by address in any case', () => {
    expect(listImportGroup({ email: 'Ann@Example.com' })).toBe('ann@example.com');
    expect(listImportGroup({})).toBeNull();
  });
});
