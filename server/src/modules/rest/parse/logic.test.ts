import { describe, expect, it } from 'vitest';
import { failure } from '../testing/failure';
import { MAX_CONDITIONS, MAX_LOGIC_DEPTH, parseLogicParam } from './logic';

const f = (name: string, operation: object, negated = false) => ({ kind: 'filter', field: { name, jsonPath: [] }, negated, operation });
const eq = (value: string) => ({ kind: 'quant', operator: 'eq', value });
const parse = (key: string, value: string) => parseLogicParam(key, value, { conditions: 0 });

describe('logic trees (PostgREST pLogicTree)', () => {
  it('or=(a.eq.1,b.eq.2)', () => {
    expect(parse('or', '(a.eq.1,b.eq.2)')).toEqual({
      path: [],
      tree: { kind: 'logic', operator: 'or', negated: false, children: [f('a', eq('1')), f('b', eq('2'))] },
    });
  });

  it('nests and/or/not with in lists, quoted values, arrays and JSON paths', () => {
    const { tree } = parse('and', '(a.gte.1,or(b.in.(1,2),c.eq."x,y)"),not.and(d.is.null,e.not.eq.2),f.cs.{a,b},data->>k.like.x*)');
    expect(tree).toEqual({
      kind: 'logic',
      operator: 'and',
      negated: false,
      children: [
        f('a', { kind: 'quant', operator: 'gte', value: '1' }),
        { kind: 'logic', operator: 'or', negated: false, children: [f('b', { kind: 'in', values: ['1', '2'] }), f('c', eq('x,y)'))] },
        { kind: 'logic', operator: 'and', negated: true, children: [f('d', { kind: 'is', value: 'null' }), f('e', eq('2'), true)] },
        f('f', { kind: 'simple', operator: 'cs', value: '{a,b}' }),
        { kind: 'filter', field: { name: 'data', jsonPath: [{ arrow: '->>', key: 'k' }] }, negated: false, operation: { kind: 'quant', operator: 'like', value: 'x*' } },
      ],
    });
  });

  it('not.or=, embedded paths (films.or=, films.not.and=) and null filters on embedded resources', () => {
    expect(parse('not.or', '(a.eq.1,a.eq.2)').tree).toMatchObject({ operator: 'or', negated: true });
    expect(parse('films.or', '(year.eq.1,year.eq.2)').path).toEqual(['films']);
    expect(parse('roles.actors.not.and', '(a.eq.1,b.eq.2)')).toMatchObject({ path: ['roles', 'actors'], tree: { operator: 'and', negated: true } });
    expect(parse('or', '(actors.is.null,directors.not.is.null)').tree.children).toEqual([
      f('actors', { kind: 'is', value: 'null' }),
      f('directors', { kind: 'is', value: 'null' }, true),
    ]);
  });

  it('a column called "or" still works as a filter inside a tree', () => {
    expect(parse('or', '(or.eq.1,and.eq.2)').tree.children).toMatchObject([{ field: { name: 'or' } }, { field: { name: 'and' } }]);
  });

  it.each([
    ['()', 'expecting field name'],
    ['(a.eq.1', 'expecting "," or ")"'],
    ['a.eq.1', 'expecting "("'],
    ['(a.eq.1))', 'expecting end of input'],
    ['(a.xor.1)', 'unknown single value operator xor'],
    ['(a)', 'expecting delimiter (.)'],
    ['(id.eq.1,not.xor(id.eq.2))', 'unexpected "x"'],
  ])('or=%s → 400 PGRST100 (%s)', (value, details) => {
    const error = failure(() => parse('or', value));
    expect([error.status, error.code]).toEqual([400, 'PGRST100']);
    expect(error.message).toContain(`"failed to parse logic tree (${value})"`);
    expect(error.details).toContain(details);
  });

  it(`refuses nesting deeper than ${MAX_LOGIC_DEPTH} levels without exhausting the stack, accepts exactly ${MAX_LOGIC_DEPTH}`, () => {
    const depth = 100_000;
    const error = failure(() => parse('or', `(${'or('.repeat(depth)}a.eq.1${')'.repeat(depth)})`));
    expect([error.status, error.code]).toEqual([400, 'PGRST100']);
    expect(error.details).toContain('nested at most');
    const inner = MAX_LOGIC_DEPTH - 1;
    expect(parse('or', `(${'or('.repeat(inner)}a.eq.1${')'.repeat(inner)})`).tree.operator).toBe('or');
  });

  it(`refuses more than ${MAX_CONDITIONS} filters`, () => {
    const value = `(${Array.from({ length: MAX_CONDITIONS + 1 }, (_, i) => `a.eq.${i}`).join(',')})`;
    expect(failure(() => parse('or', value)).status).toBe(400);
  });
});
