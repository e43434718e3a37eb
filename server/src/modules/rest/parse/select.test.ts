import { describe, expect, it } from 'vitest';
import { failure } from '../testing/failure';
import { MAX_EMBED_DEPTH, MAX_SELECT_ITEMS, parseSelect } from './select';

const field = (name: string, extra: object = {}) => ({ kind: 'field', field: { name, jsonPath: [] }, ...extra });

describe('columns', () => {
  it.each([
    ['*', [field('*')]],
    ['id,title', [field('id'), field('title')]],
    [' id , title ', [field('id'), field('title')]],
    ['heading:title', [field('title', { alias: 'heading' })]],
    ['*,heading:title', [field('*'), field('title', { alias: 'heading' })]],
    ['"weird col"', [field('weird col')]],
    ['"a,b"', [field('a,b')]],
    ['"with \\"quote\\""', [field('with "quote"')]],
    ['naïve,日本', [field('naïve'), field('日本')]],
    ['my-col', [field('my-col')]],
    ['', []],
    ['count', [field('count')]],
  ])('select=%s', (select, expected) => {
    expect(parseSelect(select)).toEqual(expected);
  });

  it('JSON paths: keys, indexes, ->> and renames (PostgREST pJsonPath)', () => {
    expect(parseSelect('data->a->>b,data->0,x:data->-1->>c,data->"a.b"')).toEqual([
      { kind: 'field', field: { name: 'data', jsonPath: [{ arrow: '->', key: 'a' }, { arrow: '->>', key: 'b' }] } },
      { kind: 'field', field: { name: 'data', jsonPath: [{ arrow: '->', key: '0', index: 0 }] } },
      {
        kind: 'field',
        alias: 'x',
        field: { name: 'data', jsonPath: [{ arrow: '->', key: '-1', index: -1 }, { arrow: '->>', key: 'c' }] },
      },
      { kind: 'field', field: { name: 'data', jsonPath: [{ arrow: '->', key: 'a.b' }] } },
    ]);
  });

  it('casts and aggregates with their own casts', () => {
    expect(parseSelect('id::text,amount.sum(),amount.avg()::int,total:amount::numeric.max(),count(),n:count()::text')).toEqual([
      field('id', { cast: 'text' }),
      field('amount', { aggregate: 'sum' }),
      field('amount', { aggregate: 'avg', aggregateCast: 'int' }),
      field('amount', { alias: 'total', cast: 'numeric', aggregate: 'max' }),
      field('*', { aggregate: 'count' }),
      field('*', { alias: 'n', aggregate: 'count', aggregateCast: 'text' }),
    ]);
  });
});

describe('embedded resources', () => {
  it('relations with renames, hints, join types and nesting', () => {
    expect(parseSelect('title,director:directors!films_director_id_fkey!inner(name),roles(character,actors!left(*))')).toEqual([
      field('title'),
      {
        kind: 'relation',
        name: 'directors',
        alias: 'director',
        hint: 'films_director_id_fkey',
        joinType: 'inner',
        spread: false,
        children: [field('name')],
      },
      {
        kind: 'relation',
        name: 'roles',
        spread: false,
        children: [field('character'), { kind: 'relation', name: 'actors', joinType: 'left', spread: false, children: [field('*')] }],
      },
    ]);
  });

  it('spreads, empty embeds and the embedded count', () => {
    expect(parseSelect('...directors!inner(dn:name),films(),films(count)')).toEqual([
      { kind: 'relation', name: 'directors', joinType: 'inner', spread: true, children: [field('name', { alias: 'dn' })] },
      { kind: 'relation', name: 'films', spread: false, children: [] },
      { kind: 'relation', name: 'films', spread: false, children: [field('count')] },
    ]);
  });

  it(`refuses nesting deeper than ${MAX_EMBED_DEPTH} levels and more than ${MAX_SELECT_ITEMS} items, without exhausting the stack`, () => {
    const deep = `${'a('.repeat(100_000)}b${')'.repeat(100_000)}`;
    expect(failure(() => parseSelect(deep)).details).toContain('nested at most');
    expect(parseSelect(`${'a('.repeat(MAX_EMBED_DEPTH)}b${')'.repeat(MAX_EMBED_DEPTH)}`)).toHaveLength(1);
    expect(failure(() => parseSelect(Array.from({ length: MAX_SELECT_ITEMS + 1 }, (_, i) => `c${i}`).join(','))).status).toBe(400);
  });
});

describe('malformed and hostile select', () => {
  it.each([
    'id,,title',
    'id;drop table x',
    ',id',
    'id,',
    'a(',
    'a(b',
    'a)',
    'a!',
    'a!(b)',
    '...a',
    '...(b)',
    'id::',
    'id::int[]',
    'id.sum',
    'id.median()',
    'data->',
    'data->>-78xy',
    '*!hint',
    'name!hint',
    'count(x)',
    '"unterminated',
    'a:',
    ':a',
    '((((',
  ])('refuses %j with 400 PGRST100 and a position', (select) => {
    const error = failure(() => parseSelect(select));
    expect([error.status, error.code]).toEqual([400, 'PGRST100']);
    expect(error.message).toMatch(/^"failed to parse select parameter \(.*\)" \(line 1, column \d+\)$/s);
  });

  it.each([`'; drop table x; --`, `" or 1=1 --`, 'a\u0000b', '$1', '日本語 🎉 \u202e'])('keeps %j as a name (checked against the catalogue later)', (name) => {
    const quoted = `"${name.replaceAll('\\', '\\\\').replaceAll('"', '\\"')}"`;
    expect(parseSelect(`${quoted}:${quoted}->${quoted}`)).toEqual([
      { kind: 'field', alias: name, field: { name, jsonPath: [{ arrow: '->', key: name }] } },
    ]);
  });
});
