import { describe, expect, it } from 'vitest';
import { compareOverloads, isCallable, routineFromRow } from '../catalogue/from-rows';
import type { Routine } from '../catalogue/types';
import { failure } from '../testing/failure';
import { fixtureCatalogue, routine as routineRow } from '../testing/fixture-catalogue';
import { findRoutine } from './find-routine';

/** PostgREST's `findProc` and the schema cache's `callable` rule, case by case over the fixture catalogue. */

const catalogue = fixtureCatalogue();
const find = (name: string, keys: string[], body: 'json' | 'text' | 'none' = 'json', isPost = true) =>
  findRoutine(catalogue, 'public', name, keys, body, isPost);
const signature = (routine: Routine) => routine.params.map((param) => `${param.name}:${param.type}`).join(',');

const routine = (params: [string, string, boolean?][], returnsSet = false): Routine => ({
  schema: 'public',
  name: 'f',
  params: params.map(([name, type, hasDefault = false]) => ({ name, type, hasDefault, variadic: false })),
  returnsSet,
  returns: 'scalar',
  resultColumns: [],
  resultTable: null,
  volatility: 'v',
});

describe('which functions /rpc/ can call (the schema cache’s callable rule)', () => {
  it('named parameters, or a single unnamed json, jsonb, text, xml or bytea one', () => {
    expect([routine([]), routine([['a', 'integer']]), routine([['', 'jsonb']]), routine([['', 'bytea']])].map(isCallable)).toEqual([true, true, true, true]);
    expect([routine([['', 'integer']]), routine([['', 'boolean']]), routine([['', 'text'], ['', 'text']]), routine([['', 'public.messages']])].map(isCallable)).toEqual([
      false,
      false,
      false,
      false,
    ]);
  });

  it('a function nobody can call is not in the catalogue’s functions (a row-taking one stays a computed field)', () => {
    expect(catalogue.routines.get('public.only_int')).toBeUndefined();
    expect(catalogue.routines.get('public.two_unnamed')).toBeUndefined();
    expect(catalogue.routines.get('public.title_upper')).toBeUndefined();
    expect(catalogue.computedFields.get('public.films')?.has('title_upper')).toBe(true);
    expect(catalogue.routines.get('public.poly')!.map(signature)).toEqual(['', ':text']);
  });
});

describe('findProc: overloads', () => {
  it('{"": value} names the unnamed parameter: the one callable overload answers, whatever the JSON type', () => {
    expect(signature(find('poly', ['']))).toBe(':text');
  });

  it('no key matches the function without parameters before the single-unnamed fallback', () => {
    expect(signature(find('poly', []))).toBe('');
  });

  it('a function left out is 404 PGRST202 (not a PostgreSQL cast error), with a hint to a close name', () => {
    const error = failure(() => find('only_int', ['']));
    expect([error.status, error.code, error.message, error.details, error.hint]).toEqual([
      404,
      'PGRST202',
      'Could not find the function public.only_int() in the schema cache',
      'Searched for the function public.only_int with parameter  or with a single unnamed json/jsonb parameter, but no matches were found in the schema cache.',
      null,
    ]);
  });

  it('a computed field called as a function: no candidates, so no hint of its own name', () => {
    expect(failure(() => find('title_upper', ['id'])).hint).toBeNull();
  });

  it('PostgREST’s order of candidates: fewer parameters first, then names and types as text', () => {
    const sorted = [
      routine([['a', 'text']]),
      routine([['a', 'integer']]),
      routine([['b', 'integer'], ['c', 'text']]),
      routine([]),
      routine([['a', 'integer', true]]),
      routine([['a', 'integer']], true),
    ].sort(compareOverloads);
    expect(sorted.map((candidate) => `${signature(candidate)}${candidate.params[0]?.hasDefault ? '=' : ''}${candidate.returnsSet ? '*' : ''}`)).toEqual([
      '',
      'a:integer=',
      'a:integer',
      'a:integer*',
      'a:text',
      'b:integer,c:text',
    ]);
    expect(failure(() => find('pick', ['a'])).message).toBe(
      'Could not choose the best candidate function between: public.pick(a => integer), public.pick(a => text)',
    );
  });

  it('reads unnamed parameters as empty names from the catalogue row', () => {
    const row = routineFromRow(routineRow('g', { volatility: 'i', arg_types: ['boolean'], defaults: 1 }));
    expect([row.params, isCallable(row)]).toEqual([[{ name: '', type: 'boolean', hasDefault: true, variadic: false }], false]);
  });
});
