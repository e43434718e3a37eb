import { describe, expect, it } from 'vitest';
import { failure } from '../testing/failure';
import { isFilterValue, parseFilterParam, parseTreePath } from './filter';

const filter = (value: string) => parseFilterParam('c', value).filter;
const on = (operation: object, negated = false) => ({ kind: 'filter', field: { name: 'c', jsonPath: [] }, negated, operation });

describe('operators (PostgREST pOpExpr)', () => {
  it.each([
    ['eq.abc', on({ kind: 'quant', operator: 'eq', value: 'abc' })],
    ['neq.draft', on({ kind: 'simple', operator: 'neq', value: 'draft' })],
    ['gt.1', on({ kind: 'quant', operator: 'gt', value: '1' })],
    ['gte.2026-01-01T00:00:00Z', on({ kind: 'quant', operator: 'gte', value: '2026-01-01T00:00:00Z' })],
    ['lt.1.5', on({ kind: 'quant', operator: 'lt', value: '1.5' })],
    ['like.*foo*', on({ kind: 'quant', operator: 'like', value: '*foo*' })],
    ['ilike(any).{*a,b*}', on({ kind: 'quant', operator: 'ilike', quantifier: 'any', value: '{*a,b*}' })],
    ['eq(all).{1,2}', on({ kind: 'quant', operator: 'eq', quantifier: 'all', value: '{1,2}' })],
    ['match.^a.*z$', on({ kind: 'quant', operator: 'match', value: '^a.*z$' })],
    ['imatch(any).{^a,^b}', on({ kind: 'quant', operator: 'imatch', quantifier: 'any', value: '{^a,^b}' })],
    ['cs.{a,b}', on({ kind: 'simple', operator: 'cs', value: '{a,b}' })],
    ['cd.{a}', on({ kind: 'simple', operator: 'cd', value: '{a}' })],
    ['ov.[1,5)', on({ kind: 'simple', operator: 'ov', value: '[1,5)' })],
    ['sl.(1,10)', on({ kind: 'simple', operator: 'sl', value: '(1,10)' })],
    ['sr.(1,10)', on({ kind: 'simple', operator: 'sr', value: '(1,10)' })],
    ['nxr.(1,10)', on({ kind: 'simple', operator: 'nxr', value: '(1,10)' })],
    ['nxl.(1,10)', on({ kind: 'simple', operator: 'nxl', value: '(1,10)' })],
    ['adj.(1,10)', on({ kind: 'simple', operator: 'adj', value: '(1,10)' })],
    ['isdistinct.x', on({ kind: 'isdistinct', value: 'x' })],
    ['fts.cat & dog', on({ kind: 'fts', operator: 'fts', value: 'cat & dog' })],
    ['plfts(english).fat cats', on({ kind: 'fts', operator: 'plfts', language: 'english', value: 'fat cats' })],
    ['phfts(french).le chat', on({ kind: 'fts', operator: 'phfts', language: 'french', value: 'le chat' })],
    ['not.wfts.a or b', on({ kind: 'fts', operator: 'wfts', value: 'a or b' }, true)],
    ['eq.null', on({ kind: 'quant', operator: 'eq', value: 'null' })],
    ['eq.', on({ kind: 'quant', operator: 'eq', value: '' })],
    ['eq.a.b.c', on({ kind: 'quant', operator: 'eq', value: 'a.b.c' })],
    ['not.eq.1', on({ kind: 'quant', operator: 'eq', value: '1' }, true)],
    ['is.null', on({ kind: 'is', value: 'null' })],
    ['is.NULL', on({ kind: 'is', value: 'null' })],
    ['is.not_null', on({ kind: 'is', value: 'not_null' })],
    ['is.True', on({ kind: 'is', value: 'true' })],
    ['is.false', on({ kind: 'is', value: 'false' })],
    ['is.unknown', on({ kind: 'is', value: 'unknown' })],
    ['not.is.null', on({ kind: 'is', value: 'null' }, true)],
    ['in.(1,2,3)', on({ kind: 'in', values: ['1', '2', '3'] })],
    ['in.(1,2,"a,b")', on({ kind: 'in', values: ['1', '2', 'a,b'] })],
    ['in.("a\\"b","c\\\\d")', on({ kind: 'in', values: ['a"b', 'c\\d'] })],
    ['in.()', on({ kind: 'in', values: [] })],
    ['not.in.(x)', on({ kind: 'in', values: ['x'] }, true)],
  ])('c=%s', (value, expected) => {
    expect(filter(value)).toEqual(expected);
  });

  it.each([
    ['eqq.1', 'unknown single value operator eqq'],
    ['noop.0', 'unknown single value operator noop'],
    ['1', 'expecting "not" or operator'],
    ['', 'expecting "not" or operator'],
    ['not.', 'expecting "not" or operator'],
    ['is.maybe', 'isVal: (null, not_null, true, false, unknown)'],
    ['in.1,2', 'expecting "("'],
    ['in.(1,2', 'expecting "," or ")"'],
    ['eq(some).1', 'expecting delimiter (.)'],
    ['fts().a', 'letter or digit'],
    ['fts(english.a', 'expecting ")"'],
    ['neq(any).1', 'expecting "not" or operator'],
    ['EQ.1', 'expecting "not" or operator'],
  ])('c=%s → 400 PGRST100 (%s)', (value, details) => {
    const error = failure(() => filter(value));
    expect([error.status, error.code]).toEqual([400, 'PGRST100']);
    expect(error.message).toMatch(/^"failed to parse filter \(.*\)" \(line 1, column \d+\)$/s);
    expect(error.details).toContain(details);
  });
});

describe('keys (PostgREST pTreePath)', () => {
  it.each([
    ['title', { path: [], field: { name: 'title', jsonPath: [] } }],
    ['data->a->>b', { path: [], field: { name: 'data', jsonPath: [{ arrow: '->', key: 'a' }, { arrow: '->>', key: 'b' }] } }],
    ['films.year', { path: ['films'], field: { name: 'year', jsonPath: [] } }],
    ['roles.actors.name', { path: ['roles', 'actors'], field: { name: 'name', jsonPath: [] } }],
    ['"a.b".c->0', { path: ['a.b'], field: { name: 'c', jsonPath: [{ arrow: '->', key: '0', index: 0 }] } }],
    ['"weird col"', { path: [], field: { name: 'weird col', jsonPath: [] } }],
  ])('%s', (key, expected) => {
    expect(parseTreePath(key)).toEqual(expected);
  });

  it.each(['a.', '.a', 'a..b', 'a->', 'a(b)', 'a;b', 'a b.c d;'])('refuses the key %j with PGRST100', (key) => {
    expect(failure(() => parseTreePath(key)).code).toBe('PGRST100');
  });
});

describe('GET /rpc arguments', () => {
  it.each([
    ['1', false],
    ['hello world', false],
    ['{1,2}', false],
    ['eq.1', true],
    ['not.is.null', true],
    ['in.(1,2)', true],
    ['fts.cat', true],
  ])('%j is a filter: %s', (value, expected) => {
    expect(isFilterValue(value)).toBe(expected);
  });
});

describe('hostile values stay values', () => {
  it.each([`'; drop table x; --`, `" or 1=1 --`, 'a\u0000b', '$1', '$$; select 1; $$', '日本語 🎉 \u202e', ') or (1=1'])('%j', (value) => {
    expect(filter(`eq.${value}`)).toEqual(on({ kind: 'quant', operator: 'eq', value }));
    expect(filter(`fts(english).${value}`)).toMatchObject({ operation: { kind: 'fts', value } });
    expect(filter(`isdistinct.${value}`)).toMatchObject({ operation: { value } });
  });

  it.each(["english'); drop table x; --", 'x"y', 'a;b'])('a language %j that is not an identifier is refused', (language) => {
    expect(() => filter(`fts(${language}).a`)).toThrow();
  });
});
