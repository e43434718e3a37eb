import { describe, expect, it } from 'vitest';
import { fixtureCatalogue } from '../testing/fixture-catalogue';
import { routineFromRow } from './from-rows';
import { isToOne } from './relationships';

const catalogue = fixtureCatalogue();
const relationshipsOf = (table: string) =>
  (catalogue.relationships.get(`public.${table}`) ?? []).map((relationship) => [relationship.foreignTable, relationship.cardinality, relationship.constraint]);

describe('relationships from foreign keys (PostgREST SchemaCache)', () => {
  it('a foreign key is many-to-one from its table and one-to-many back', () => {
    expect(relationshipsOf('films')).toEqual(
      expect.arrayContaining([
        ['directors', 'many-to-one', 'films_director_id_fkey'],
        ['technical_specs', 'one-to-one', 'technical_specs_film_id_fkey'],
        ['roles', 'one-to-many', 'roles_film_id_fkey'],
        ['actors', 'many-to-many', 'roles'],
      ]),
    );
    expect(relationshipsOf('directors')).toEqual([
      ['films', 'one-to-many', 'films_director_id_fkey'],
      ['films', 'many-to-one', 'first_film'],
    ]);
  });

  it('one-to-one when the key’s columns are the primary key (or unique), both ways', () => {
    expect(relationshipsOf('technical_specs')).toEqual([['films', 'one-to-one', 'technical_specs_film_id_fkey']]);
  });

  it('many-to-many through a junction whose primary key covers both keys, with their columns', () => {
    const [m2m] = catalogue.relationships.get('public.actors')!.filter((relationship) => relationship.cardinality === 'many-to-many');
    expect(m2m!.junction).toEqual({
      schema: 'public',
      table: 'roles',
      constraint1: 'roles_actor_id_fkey',
      constraint2: 'roles_film_id_fkey',
      sourceColumns: [['id', 'actor_id']],
      targetColumns: [['id', 'film_id']],
    });
  });

  it('two keys to one table are two relationships; to-one is many-to-one and one-to-one', () => {
    expect(relationshipsOf('orders')).toEqual([
      ['addresses', 'many-to-one', 'billing'],
      ['addresses', 'many-to-one', 'shipping'],
    ]);
    expect(catalogue.relationships.get('public.addresses')!.map(isToOne)).toEqual([false, false]);
  });
});

describe('functions, computed fields, types', () => {
  it('a function taking a row and returning a value is a computed field of that table', () => {
    expect(catalogue.computedFields.get('public.films')?.get('title_upper')).toEqual({ schema: 'public', function: 'title_upper', returnType: 'text' });
  });

  it('reads parameters, defaults, variadics and the result shape', () => {
    const routine = routineFromRow({
      schema: 'public',
      name: 'f',
      volatility: 's',
      returns_set: true,
      rows: 1000,
      return_type: 'record',
      return_columns: null,
      return_table_schema: null,
      return_table: null,
      arg_names: ['a', 'b', 'x', 'y'],
      arg_modes: ['i', 'v', 'o', 't'],
      arg_types: ['integer', 'text[]', 'integer', 'text'],
      row_argument_of: null,
      defaults: 1,
    });
    expect(routine).toMatchObject({
      params: [
        { name: 'a', type: 'integer', hasDefault: false, variadic: false },
        { name: 'b', type: 'text[]', hasDefault: true, variadic: true },
      ],
      returns: 'composite',
      resultColumns: ['x', 'y'],
      volatility: 's',
    });
  });

  it('cast names: type names, SQL spellings and aliases map to quoted catalogue types', () => {
    expect(['int', 'INTEGER'.toLowerCase(), 'int4', 'bigint', 'double precision', 'float', 'mood'].map((name) => catalogue.types.get(name))).toEqual([
      '"pg_catalog"."int4"',
      '"pg_catalog"."int4"',
      '"pg_catalog"."int4"',
      '"pg_catalog"."int8"',
      '"pg_catalog"."float8"',
      '"pg_catalog"."float8"',
      '"public"."mood"',
    ]);
    expect(catalogue.types.get('text); drop table x; --')).toBeUndefined();
  });
});
