import { describe, expect, it } from 'vitest';
import { RestError } from './errors';
import { parseRequest, type RequestInput } from './query-parser';
import { routineFromRow, tableFromRow, type Catalogue } from './schema-cache';
import { arrayLiteral, buildStatement, jsonDepth, MAX_JSON_DEPTH, parseBody, quoteIdent, type Statement } from './sql-builder';

const catalogue: Catalogue = {
  tables: new Map(
    [
      tableFromRow({
        name: 'content_items',
        columns: [
          { name: 'id', type: 'uuid', default: 'gen_random_uuid()' },
          { name: 'organization_id', type: 'uuid', default: 'private.current_organization_id()' },
          { name: 'title', type: 'text', default: null },
          { name: 'status', type: 'text', default: "'draft'::text" },
          { name: 'tags', type: 'text[]', default: "'{}'::text[]" },
          { name: 'created_at', type: 'timestamp with time zone', default: 'now()' },
        ],
        primary_key: ['id'],
      }),
      tableFromRow({
        name: 'weird"table',
        columns: [{ name: 'we"ird col', type: 'text', default: null }],
        primary_key: [],
      }),
    ].map((table) => [table.name, table]),
  ),
  routines: new Map([
    ['is_site_admin', [routineFromRow({ name: 'is_site_admin', volatility: 's', returns_set: false, return_type: 'boolean', return_columns: null, arg_names: null, arg_modes: null, arg_types: [], defaults: 0 })]],
    ['reset_menu_items', [routineFromRow({ name: 'reset_menu_items', volatility: 'v', returns_set: true, return_type: 'menu_items', return_columns: ['id', 'name', 'sort_order'], arg_names: null, arg_modes: null, arg_types: [], defaults: 0 })]],
    ['add', [routineFromRow({ name: 'add', volatility: 'i', returns_set: false, return_type: 'integer', return_columns: null, arg_names: ['a', 'b'], arg_modes: null, arg_types: ['integer', 'integer'], defaults: 1 })]],
    ['touch', [routineFromRow({ name: 'touch', volatility: 'v', returns_set: false, return_type: 'void', return_columns: null, arg_names: null, arg_modes: null, arg_types: [], defaults: 0 })]],
  ]),
};

function build(query: string, overrides: Partial<RequestInput> & { body?: string } = {}): Statement {
  const { body, ...input } = overrides;
  const request = parseRequest({ method: 'GET', path: '/content_items', query, headers: {}, ...input });
  return buildStatement(request, catalogue, parseBody(body));
}

function failure(fn: () => unknown): RestError {
  try {
    fn();
  } catch (error) {
    if (error instanceof RestError) return error;
    throw error;
  }
  throw new Error('expected a RestError');
}

describe('reads', () => {
  it('builds the ordered, limited list the dashboard loads', () => {
    const statement = build('select=*&order=created_at.desc&limit=50');
    expect(statement.text).toBe(
      'WITH pgrst_source AS (SELECT "public"."content_items".* FROM "public"."content_items" ' +
        'ORDER BY "public"."content_items"."created_at" DESC LIMIT $1 OFFSET $2) ' +
        'SELECT null::int AS total, pg_catalog.count(_postgrest_t)::int AS page_total, ' +
        "coalesce(pg_catalog.json_agg(_postgrest_t), '[]')::text AS body FROM (SELECT * FROM pgrst_source) _postgrest_t",
    );
    expect(statement.values).toEqual(['50', '0']);
    expect(statement.readOnly).toBe(true);
    expect(statement.path).toBe('/content_items');
  });

  it('caps every read at 1,000 rows', () => {
    expect(build('').values).toEqual(['1000', '0']);
    expect(build('limit=5000').values).toEqual(['1000', '0']);
    expect(build('offset=20&limit=10').values).toEqual(['10', '20']);
  });

  it('binds every filter value and quotes every identifier', () => {
    const statement = build('select=id,heading:title&title=eq.x&status=neq.draft&tags=cs.{a}&id=in.(1,"2,3")&title=ilike.*Re*&created_at=is.null&status=not.eq.review');
    expect(statement.text).toContain('SELECT "public"."content_items"."id", "public"."content_items"."title" AS "heading"');
    expect(statement.text).toContain(
      'WHERE "public"."content_items"."title" = $1 AND "public"."content_items"."status" <> $2 AND ' +
        '"public"."content_items"."tags" @> $3 AND "public"."content_items"."id" = ANY ($4) AND ' +
        '"public"."content_items"."title" ILIKE $5 AND "public"."content_items"."created_at" IS NULL AND ' +
        'NOT ("public"."content_items"."status" = $6)',
    );
    expect(statement.values.slice(0, 6)).toEqual(['x', 'draft', '{a}', '{"1","2,3"}', '%Re%', 'review']);
  });

  it('builds nested logic trees', () => {
    const statement = build('or=(status.eq.draft,and(title.eq.a,not.or(id.eq.1,id.is.null)))');
    expect(statement.text).toContain(
      'WHERE ("public"."content_items"."status" = $1 OR ("public"."content_items"."title" = $2 AND ' +
        'NOT ("public"."content_items"."id" = $3 OR "public"."content_items"."id" IS NULL)))',
    );
  });

  it('an empty in list matches nothing without a parameter', () => {
    expect(build('id=in.()').text).toContain(`"public"."content_items"."id" = ANY ('{}')`);
  });

  it('orders by several columns with nulls placement', () => {
    expect(build('order=status.asc.nullslast,created_at.desc.nullsfirst').text).toContain(
      'ORDER BY "public"."content_items"."status" ASC NULLS LAST, "public"."content_items"."created_at" DESC NULLS FIRST',
    );
  });

  it('counts with the same filters for count=exact', () => {
    const statement = build('title=eq.x', { headers: { prefer: 'count=exact' } });
    expect(statement.text).toContain(
      '(SELECT pg_catalog.count(*) FROM "public"."content_items" WHERE "public"."content_items"."title" = $1)::int AS total',
    );
    expect(statement.counted).toBe(true);
  });

  it('returns one object for a singular Accept and no body for HEAD', () => {
    expect(build('', { headers: { accept: 'application/vnd.pgrst.object+json' } }).text).toContain(
      `coalesce((pg_catalog.json_agg(_postgrest_t) -> 0)::text, 'null') AS body`,
    );
    const head = build('', { method: 'HEAD' });
    expect(head.text).toContain(`'' AS body`);
    expect(head.bodyShape).toBe('none');
  });

  it('quotes names containing double quotes by doubling them', () => {
    const statement = build('select=%22we%5C%22ird%20col%22', { path: '/weird%22table' });
    expect(statement.text).toContain('SELECT "public"."weird""table"."we""ird col" FROM "public"."weird""table"');
  });
});

describe('names are checked against the catalogue', () => {
  it('unknown table → 404 PGRST205 with a hint', () => {
    const error = failure(() => build('', { path: '/content_item' }));
    expect([error.status, error.code, error.message, error.hint]).toEqual([
      404,
      'PGRST205',
      "Could not find the table 'public.content_item' in the schema cache",
      "Perhaps you meant the table 'public.content_items'",
    ]);
    expect(failure(() => build('', { path: '/zzz' })).hint).toBeNull();
  });

  it.each(['select=titel', 'titel=eq.1', 'order=titel', 'or=(titel.eq.1)'])('unknown column in %s → 400 42703', (query) => {
    const error = failure(() => build(query));
    expect([error.status, error.code, error.message, error.hint]).toEqual([
      400,
      '42703',
      'column content_items.titel does not exist',
      'Perhaps you meant to reference the column "content_items.title".',
    ]);
  });

  it('unknown body key → 400 PGRST204', () => {
    const error = failure(() => build('', { method: 'POST', body: '{"title":"a","nope":1}' }));
    expect([error.status, error.code, error.message]).toEqual([400, 'PGRST204', "Could not find the 'nope' column of 'content_items' in the schema cache"]);
  });

  it('unknown function → 404 PGRST202 with the parameters searched', () => {
    const error = failure(() => build('', { method: 'POST', path: '/rpc/is_site_admn', body: '{"x":1}' }));
    expect([error.status, error.code, error.message, error.hint]).toEqual([
      404,
      'PGRST202',
      'Could not find the function public.is_site_admn(x) in the schema cache',
      'Perhaps you meant to call the function public.is_site_admin',
    ]);
    expect(failure(() => build('', { method: 'POST', path: '/rpc/nothing' })).message).toBe(
      'Could not find the function public.nothing without parameters in the schema cache',
    );
  });
});

describe('inserts', () => {
  it('inserts the body typed by the table columns, minimal by default', () => {
    const statement = build('', { method: 'POST', body: '{"title":"Hello","tags":["a"]}' });
    expect(statement.text).toBe(
      'WITH pgrst_source AS (INSERT INTO "public"."content_items" ("title", "tags") SELECT pgrst_body."title", pgrst_body."tags" ' +
        'FROM pg_catalog.json_to_recordset($1::json) AS pgrst_body("title" text, "tags" text[]) RETURNING 1) ' +
        "SELECT null::int AS total, pg_catalog.count(_postgrest_t)::int AS page_total, '' AS body FROM (SELECT * FROM pgrst_source) _postgrest_t",
    );
    expect(statement.values).toEqual(['[{"title":"Hello","tags":["a"]}]']);
    expect(statement.readOnly).toBe(false);
    expect(statement.bodyShape).toBe('none');
  });

  it('returns the rows through the select list with return=representation', () => {
    const statement = build('select=id,heading:title', { method: 'POST', body: '[{"title":"a"},{"title":"b"}]', headers: { prefer: 'return=representation' } });
    expect(statement.text).toContain('RETURNING "public"."content_items".*');
    expect(statement.text).toContain('FROM (SELECT pgrst_source."id", pgrst_source."title" AS "heading" FROM pgrst_source) _postgrest_t');
    expect(statement.values).toEqual(['[{"title":"a"},{"title":"b"}]']);
  });

  it('uses columns= for bulk inserts and applies defaults with missing=default', () => {
    const statement = build('columns=%22title%22%2C%22status%22', {
      method: 'POST',
      body: '[{"title":"a"},{"title":"b","status":"review"}]',
      headers: { prefer: 'missing=default' },
    });
    expect(statement.text).toContain(
      `pg_catalog.jsonb_to_recordset((SELECT pg_catalog.jsonb_agg(pg_catalog.jsonb_build_object('status', 'draft'::text) || elem) ` +
        'FROM pg_catalog.jsonb_array_elements($1::jsonb) AS elem)) AS pgrst_body("title" text, "status" text)',
    );
  });

  it('requires matching keys in an array without columns=', () => {
    const error = failure(() => build('', { method: 'POST', body: '[{"title":"a"},{"status":"b"}]' }));
    expect([error.status, error.code, error.message]).toEqual([400, 'PGRST102', 'All object keys must match']);
  });

  it('upserts on the primary key or on_conflict', () => {
    expect(build('', { method: 'POST', body: '{"id":"x","title":"a"}', headers: { prefer: 'resolution=merge-duplicates' } }).text).toContain(
      'ON CONFLICT ("id") DO UPDATE SET "id" = EXCLUDED."id", "title" = EXCLUDED."title" RETURNING 1',
    );
    expect(build('on_conflict=title', { method: 'POST', body: '{"title":"a"}', headers: { prefer: 'resolution=ignore-duplicates' } }).text).toContain(
      'ON CONFLICT ("title") DO NOTHING',
    );
  });

  it('inserts defaults for {}', () => {
    expect(build('', { method: 'POST', body: '{}' }).text).toContain(
      'INSERT INTO "public"."content_items" SELECT FROM pg_catalog.json_array_elements($1::json) RETURNING 1',
    );
  });

  it.each(['', '1', '"x"', 'null', '[1,2]', '[{"title":"a"},3]'])('refuses the body %j with 400 PGRST102', (body) => {
    const error = failure(() => build('', { method: 'POST', body }));
    expect([error.status, error.code]).toEqual([400, 'PGRST102']);
  });

  it('returns the primary key for return=headers-only', () => {
    const statement = build('', { method: 'POST', body: '{"title":"a"}', headers: { prefer: 'return=headers-only' } });
    expect(statement.text).toContain('RETURNING "public"."content_items"."id"');
    expect(statement.locationColumns).toEqual(['id']);
  });
});

describe('updates and deletes', () => {
  it('updates the filtered rows with the body', () => {
    const statement = build('id=eq.5', { method: 'PATCH', body: '{"title":"New","tags":["x"]}' });
    expect(statement.text).toContain(
      'UPDATE "public"."content_items" SET "title" = pgrst_body."title", "tags" = pgrst_body."tags" FROM (SELECT * FROM ' +
        'pg_catalog.json_to_recordset($1::json) AS pgrst_body("title" text, "tags" text[]) LIMIT 1) pgrst_body ' +
        'WHERE "public"."content_items"."id" = $2 RETURNING 1',
    );
    expect(statement.values).toEqual(['[{"title":"New","tags":["x"]}]', '5']);
  });

  it('deletes the filtered rows', () => {
    const statement = build('id=eq.5', { method: 'DELETE' });
    expect(statement.text).toContain('DELETE FROM "public"."content_items" WHERE "public"."content_items"."id" = $1 RETURNING 1');
  });

  it.each(['PATCH', 'DELETE'])('refuses an unfiltered %s with 400 21000, as Supabase does', (method) => {
    const error = failure(() => build('', { method, body: method === 'PATCH' ? '{"title":"x"}' : undefined }));
    expect([error.status, error.code, error.message]).toEqual([400, '21000', `${method === 'PATCH' ? 'UPDATE' : 'DELETE'} requires a WHERE clause`]);
  });

  it('an empty PATCH body changes nothing', () => {
    expect(build('id=eq.1', { method: 'PATCH', body: '{}' }).text).toContain(
      'WITH pgrst_source AS (SELECT 1 FROM "public"."content_items" WHERE false)',
    );
  });

  it('refuses limit on PATCH/DELETE', () => {
    expect(failure(() => build('id=eq.1&limit=1', { method: 'DELETE' })).code).toBe('PGRST100');
  });
});

describe('functions', () => {
  it('calls a function without arguments returning a scalar', () => {
    const statement = build('', { method: 'POST', path: '/rpc/is_site_admin' });
    expect(statement.text).toContain('FROM (SELECT "public"."is_site_admin"() AS pgrst_scalar) pgrst_call');
    expect(statement.text).toContain(`coalesce((pg_catalog.json_agg(_postgrest_t.pgrst_scalar) -> 0)::text, 'null')`);
    expect(statement.readOnly).toBe(true);
  });

  it('passes named arguments through a typed record', () => {
    const statement = build('', { method: 'POST', path: '/rpc/add', body: '{"a":1,"b":2}' });
    expect(statement.text).toContain(
      'FROM pg_catalog.json_to_record($1::json) AS pgrst_args("a" integer, "b" integer), LATERAL (SELECT "public"."add"("a" := pgrst_args."a", "b" := pgrst_args."b") AS pgrst_scalar) pgrst_call',
    );
    expect(build('', { method: 'POST', path: '/rpc/add', body: '{"a":1}' }).text).toContain('"public"."add"("a" := pgrst_args."a")');
    expect(failure(() => build('', { method: 'POST', path: '/rpc/add', body: '{"b":1}' })).code).toBe('PGRST202');
  });

  it('GET passes arguments from the query string and filters the rest', () => {
    const statement = build('a=1&b=2', { path: '/rpc/add' });
    expect(statement.values[0]).toBe('{"a":"1","b":"2"}');
    const set = build('name=eq.Home&order=sort_order', { path: '/rpc/reset_menu_items' });
    expect(set.text).toContain('WHERE pgrst_call."name" = $1 ORDER BY pgrst_call."sort_order"');
  });

  it('runs volatile functions read-write on POST only', () => {
    expect(build('', { method: 'POST', path: '/rpc/reset_menu_items' }).readOnly).toBe(false);
    expect(build('', { method: 'GET', path: '/rpc/reset_menu_items' }).readOnly).toBe(true);
  });

  it('marks void functions', () => {
    expect(build('', { method: 'POST', path: '/rpc/touch' }).isVoid).toBe(true);
  });

  it('refuses PATCH on a function with 405 PGRST101', () => {
    const error = failure(() => build('', { method: 'PATCH', path: '/rpc/touch', body: '{}' }));
    expect([error.status, error.code]).toEqual([405, 'PGRST101']);
  });
});

describe('helpers', () => {
  it('quoteIdent doubles quotes and drops NUL', () => {
    expect(quoteIdent('a"b\u0000c')).toBe('"a""bc"');
  });

  it('arrayLiteral escapes backslashes and quotes', () => {
    expect(arrayLiteral(['a', 'b,c', 'd"e', 'f\\g', ''])).toBe('{"a","b,c","d\\"e","f\\\\g",""}');
  });

  it('jsonDepth ignores brackets inside strings', () => {
    expect(jsonDepth('{"a":[1,{"b":"[[[{{{"}]}')).toBe(3);
    expect(jsonDepth('"x"')).toBe(0);
  });

  it(`refuses JSON bodies nested deeper than ${MAX_JSON_DEPTH}`, () => {
    const deep = `{"title":${'['.repeat(100_000)}${']'.repeat(100_000)}}`;
    expect(failure(() => parseBody(deep)).code).toBe('PGRST102');
  });
});

describe('hostile input never becomes SQL', () => {
  const hostile = [
    `'; drop table content_items; --`,
    `" OR 1=1 --`,
    `\u0000`,
    `$1`,
    '$$',
    `日本語 🎉`,
    `\\'`,
    '*/ select 1 /*',
  ];

  it.each(hostile)('%j in a filter value is only a bound parameter', (value) => {
    const statement = build(`title=eq.${encodeURIComponent(value)}&or=(title.like.${encodeURIComponent(`"${value.replaceAll('\\', '\\\\').replaceAll('"', '\\"')}"`)})`);
    expect(statement.values).toContain(value);
    expect(statement.text.replace(/\$\d+/g, '')).not.toContain(value.trim() || '\u0000');
    expect(statement.text).toMatch(/^WITH pgrst_source AS \(SELECT "public"\."content_items"\.\* FROM "public"\."content_items" WHERE /);
  });

  it.each(hostile)('%j as a column name is refused with a 4xx', (name) => {
    const error = failure(() => build(`select=${encodeURIComponent(`"${name.replaceAll('\\', '\\\\').replaceAll('"', '\\"')}"`)}`));
    expect(error.status).toBe(400);
    expect(error.code).toBe('42703');
  });

  it.each(hostile)('%j as a table name is refused with 404', (name) => {
    expect(failure(() => build('', { path: `/${encodeURIComponent(name)}` })).status).toBeGreaterThanOrEqual(400);
  });

  it.each(hostile)('%j as a body key is refused with PGRST204', (name) => {
    expect(failure(() => build('', { method: 'POST', body: JSON.stringify({ [name]: 1 }) })).code).toBe('PGRST204');
  });

  it('a 10,000-item in list is one parameter', () => {
    const values = Array.from({ length: 10_000 }, (_, i) => `'${i}'); drop table x; --`);
    const statement = build(`id=in.(${values.map((v) => encodeURIComponent(`"${v}"`)).join(',')})`);
    expect(statement.values).toHaveLength(3);
    expect(statement.text).not.toContain('drop table');
    expect(statement.values[0]).toBe(arrayLiteral(values));
  });

  it('the SQL text depends on the shape of the request, not on its values (stable prepared statements)', () => {
    expect(build('title=eq.a&limit=1').text).toBe(build('title=eq.zzz&limit=900').text);
    expect(build('id=in.(1)').text).toBe(build('id=in.(1,2,3,4)').text);
  });
});
