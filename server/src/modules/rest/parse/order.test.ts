import { describe, expect, it } from 'vitest';
import { failure } from '../testing/failure';
import { parseOrder } from './order';
import { parseNonNegative, parseRangeHeader, topLevelRange } from './range';

const col = (name: string, extra: object = {}) => ({ field: { name, jsonPath: [] }, ...extra });

describe('order (PostgREST pOrder)', () => {
  it.each([
    ['created_at.desc', [col('created_at', { direction: 'desc' })]],
    ['a,b.desc.nullsfirst', [col('a'), col('b', { direction: 'desc', nulls: 'nullsfirst' })]],
    ['a.asc.nullslast', [col('a', { direction: 'asc', nulls: 'nullslast' })]],
    ['a.nullsfirst', [col('a', { nulls: 'nullsfirst' })]],
    [' a.desc , b ', [col('a', { direction: 'desc' }), col('b')]],
    ['data->key.asc', [{ field: { name: 'data', jsonPath: [{ arrow: '->', key: 'key' }] }, direction: 'asc' }]],
    ['directors(name).desc', [{ relation: 'directors', field: { name: 'name', jsonPath: [] }, direction: 'desc' }]],
    ['name,directors(last_name),id', [col('name'), { relation: 'directors', field: { name: 'last_name', jsonPath: [] } }, col('id')]],
  ])('order=%s', (order, expected) => {
    expect(parseOrder(order)).toEqual(expected);
  });

  it.each(['a.ac', 'a.desc.nulls', 'a.descc', 'a;b', 'a.nullslasttt', 'directors(name,id)', 'a.asc.nlsfst', ''])('refuses order=%j with PGRST100', (order) => {
    const error = failure(() => parseOrder(order));
    expect([error.status, error.code]).toEqual([400, 'PGRST100']);
    expect(error.message).toMatch(/^"failed to parse order \(.*\)" \(line 1, column \d+\)$/);
  });
});

describe('range', () => {
  it.each([
    [0, null, null, { offset: 0, limit: null }],
    [0, 10, null, { offset: 0, limit: 10 }],
    [5, 10, null, { offset: 5, limit: 10 }],
    [0, null, { lower: 0, upper: 9 }, { offset: 0, limit: 10 }],
    [0, null, { lower: 10, upper: null }, { offset: 10, limit: null }],
    [0, 5, { lower: 0, upper: 9 }, { offset: 0, limit: 5 }],
    [2, 100, { lower: 5, upper: 9 }, { offset: 5, limit: 5 }],
  ])('offset %i, limit %s, Range %o → %o', (offset, limit, header, expected) => {
    expect(topLevelRange(offset, limit, header)).toEqual(expected);
  });

  it('reads the Range header and ignores a malformed one; refuses lower > upper with 416', () => {
    expect(parseRangeHeader('items=0-24')).toEqual({ lower: 0, upper: 24 });
    expect(parseRangeHeader('garbage')).toBeNull();
    expect(failure(() => parseRangeHeader('9-0')).status).toBe(416);
  });

  it('a negative limit is 416 PGRST103; other garbage is PGRST100', () => {
    expect([failure(() => parseNonNegative('limit', '-1')).status, failure(() => parseNonNegative('films.limit', '-1')).code]).toEqual([416, 'PGRST103']);
    for (const value of ['abc', '1e3', '-1', '1.5', '99999999999999999999']) {
      expect(failure(() => parseNonNegative('offset', value)).code).toBe('PGRST100');
    }
  });
});
