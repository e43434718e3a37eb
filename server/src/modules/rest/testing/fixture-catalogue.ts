import { buildCatalogue, type RoutineRow, type TableRow } from '../catalogue/from-rows';
import type { ForeignKeyRow } from '../catalogue/relationships';
import type { Catalogue } from '../catalogue/types';

/**
 * A catalogue for the unit tests of the parser, planner and builder, shaped like the rows the schema cache
 * reads: the app's content items, PostgREST's film database (many-to-one, one-to-one, many-to-many), two
 * foreign keys to one table, a computed field and relationship, overloaded and unnamed-parameter functions.
 */

const column = (name: string, type: string, defaultExpression: string | null = null) => ({ name, type, default: defaultExpression });

function table(name: string, columns: TableRow['columns'], primaryKey: string[], uniqueKeys: string[][] = [primaryKey]): TableRow {
  return { schema: 'public', name, is_view: false, columns, primary_key: primaryKey, unique_keys: primaryKey.length ? uniqueKeys : [] };
}

function fk(constraint: string, from: string, columns: string[], to: string, foreignColumns: string[]): ForeignKeyRow {
  return { constraint, schema: 'public', table: from, columns, foreign_schema: 'public', foreign_table: to, foreign_columns: foreignColumns };
}

/** A `pg_proc` row as the catalogue query reads it (a scalar volatile function without parameters unless said). */
export function routine(name: string, overrides: Partial<RoutineRow> = {}): RoutineRow {
  return {
    schema: 'public',
    name,
    volatility: 'v',
    returns_set: false,
    rows: 0,
    return_type: 'integer',
    return_columns: null,
    return_table_schema: null,
    return_table: null,
    arg_names: null,
    arg_modes: null,
    arg_types: [],
    row_argument_of: null,
    defaults: 0,
    ...overrides,
  };
}

const FILM_COLUMNS = ['id', 'title', 'year', 'director_id'];

export function fixtureCatalogue(options: { schemas?: string[] } = {}): Catalogue {
  return buildCatalogue({
    schemas: options.schemas ?? ['public'],
    tables: [
      table(
        'content_items',
        [
          column('id', 'uuid', 'gen_random_uuid()'),
          column('organization_id', 'uuid', 'private.current_organization_id()'),
          column('title', 'text'),
          column('status', 'text', "'draft'::text"),
          column('tags', 'text[]', "'{}'::text[]"),
          column('data', 'jsonb'),
          column('search', 'tsvector'),
          column('n', 'integer', "nextval('public.content_items_n_seq'::regclass)"),
          column('created_at', 'timestamp with time zone', 'now()'),
        ],
        ['id'],
      ),
      table('weird"table', [column('we"ird col', 'text')], []),
      table('directors', [column('id', 'integer'), column('name', 'text')], ['id']),
      table('films', [column('id', 'integer'), column('title', 'text'), column('year', 'integer'), column('director_id', 'integer')], ['id']),
      table('technical_specs', [column('film_id', 'integer'), column('camera', 'text')], ['film_id']),
      table('actors', [column('id', 'integer'), column('name', 'text')], ['id']),
      table('roles', [column('film_id', 'integer'), column('actor_id', 'integer'), column('character', 'text')], ['film_id', 'actor_id']),
      table('addresses', [column('id', 'integer'), column('city', 'text')], ['id']),
      table('orders', [column('id', 'integer'), column('billing_address_id', 'integer'), column('shipping_address_id', 'integer')], ['id']),
    ],
    foreignKeys: [
      fk('films_director_id_fkey', 'films', ['director_id'], 'directors', ['id']),
      fk('technical_specs_film_id_fkey', 'technical_specs', ['film_id'], 'films', ['id']),
      fk('roles_film_id_fkey', 'roles', ['film_id'], 'films', ['id']),
      fk('roles_actor_id_fkey', 'roles', ['actor_id'], 'actors', ['id']),
      fk('billing', 'orders', ['billing_address_id'], 'addresses', ['id']),
      fk('shipping', 'orders', ['shipping_address_id'], 'addresses', ['id']),
    ],
    routines: [
      routine('is_site_admin', { volatility: 's', return_type: 'boolean' }),
      routine('films_of', {
        volatility: 's',
        returns_set: true,
        return_type: 'films',
        return_columns: FILM_COLUMNS,
        return_table_schema: 'public',
        return_table: 'films',
        arg_names: ['d'],
        arg_types: ['integer'],
      }),
      routine('add', { volatility: 'i', arg_names: ['a', 'b'], arg_types: ['integer', 'integer'], defaults: 1 }),
      routine('touch', { return_type: 'void' }),
      routine('pick', { arg_names: ['a'], arg_types: ['integer'] }),
      routine('pick', { arg_names: ['a'], arg_types: ['text'] }),
      routine('echo_json', { return_type: 'json', arg_types: ['json'] }),
      routine('echo_text', { return_type: 'text', arg_types: ['text'] }),
      routine('total', { volatility: 's', arg_names: ['v'], arg_modes: ['v'], arg_types: ['integer[]'] }),
      // Unnamed parameters: only json, jsonb, text, xml and bytea ones can be called (the others are left out).
      routine('poly', { return_type: 'text', arg_types: ['text'] }),
      routine('poly', { arg_types: ['boolean'] }),
      routine('poly', { arg_types: ['integer'] }),
      routine('poly', {}),
      routine('only_int', { arg_types: ['integer'] }),
      routine('two_unnamed', { arg_types: ['text', 'text'] }),
      routine('title_upper', { volatility: 's', return_type: 'text', arg_types: ['films'], row_argument_of: 'public.films' }),
      routine('first_film', {
        volatility: 's',
        returns_set: true,
        rows: 1,
        return_type: 'films',
        return_columns: FILM_COLUMNS,
        return_table_schema: 'public',
        return_table: 'films',
        arg_types: ['directors'],
        row_argument_of: 'public.directors',
      }),
    ],
    types: [
      { schema: 'pg_catalog', name: 'text', formatted: 'text' },
      { schema: 'pg_catalog', name: 'int4', formatted: 'integer' },
      { schema: 'pg_catalog', name: 'int8', formatted: 'bigint' },
      { schema: 'pg_catalog', name: 'numeric', formatted: 'numeric' },
      { schema: 'pg_catalog', name: 'float8', formatted: 'double precision' },
      { schema: 'pg_catalog', name: 'jsonb', formatted: 'jsonb' },
      { schema: 'pg_catalog', name: 'date', formatted: 'date' },
      { schema: 'public', name: 'mood', formatted: 'public.mood' },
    ],
    timezones: ['UTC', 'America/Los_Angeles'],
  });
}
