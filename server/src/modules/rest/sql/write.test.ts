import { describe, expect, it } from 'vitest';
import { build } from '../testing/build';
import { failure } from '../testing/failure';
import { arrayLiteral, quoteIdent } from './identifiers';
import { jsonDepth, MAX_JSON_DEPTH, parseBody } from './payload';

describe('inserts', () => {
  it('inserts the body typed by the table columns, minimal by default', () => {
    const statement = build('', { method: 'POST', body: '{"title":"Hello","tags":["a"]}' });
    expect(statement.text).toBe(
      'WITH pgrst_source AS (INSERT INTO "public"."content_items" AS "content_items" ("title", "tags") SELECT pgrst_body."title", pgrst_body."tags" ' +
        'FROM pg_catalog.json_to_recordset($1::json) AS pgrst_body("title" text, "tags" text[]) RETURNING 1) ' +
        "SELECT null::int AS total, pg_catalog.count(_postgrest_t)::int AS page_total, '' AS body, " +
        "nullif(pg_catalog.current_setting('response.headers', true), '') AS response_headers, " +
        "nullif(pg_catalog.current_setting('response.status', true), '') AS response_status FROM (SELECT * FROM pgrst_source) _postgrest_t",
    );
    expect([statement.values, statement.readOnly, statement.noBody]).toEqual([['[{"title":"Hello","tags":["a"]}]'], false, true]);
  });

  it('returns the rows through the select list (and its embeds) with return=representation', () => {
    const statement = build('select=id,heading:title', { method: 'POST', body: '[{"title":"a"},{"title":"b"}]', headers: { prefer: 'return=representation' } });
    expect(statement.text).toContain('RETURNING "content_items".*');
    expect(statement.text).toContain('FROM (SELECT "content_items"."id" AS "id", "content_items"."title" AS "heading" FROM pgrst_source AS "content_items") _postgrest_t');
    expect(build('select=title,directors(name)', { path: '/films', method: 'POST', body: '{"id":1}', headers: { prefer: 'return=representation' } }).text).toContain(
      'FROM pgrst_source AS "films" LEFT JOIN LATERAL (SELECT "directors_1"."name" AS "name" FROM "public"."directors" AS "directors_1" WHERE "directors_1"."id" = "films"."director_id")',
    );
  });

  it('missing=default: keys absent from a row take the column default, identity columns their sequence', () => {
    const statement = build('columns=%22title%22%2C%22status%22%2C%22n%22', {
      method: 'POST',
      body: '[{"title":"a"},{"title":"b","status":"review"}]',
      headers: { prefer: 'missing=default' },
    });
    expect(statement.text).toContain(
      `pg_catalog.jsonb_to_recordset((SELECT pg_catalog.jsonb_agg(pg_catalog.jsonb_build_object('status', 'draft'::text, 'n', nextval('public.content_items_n_seq'::regclass)) || elem) ` +
        'FROM pg_catalog.jsonb_array_elements($1::jsonb) AS elem)) AS pgrst_body("title" text, "status" text, "n" integer)',
    );
  });

  it('requires matching keys in an array without columns=', () => {
    const error = failure(() => build('', { method: 'POST', body: '[{"title":"a"},{"status":"b"}]' }));
    expect([error.status, error.code, error.message]).toEqual([400, 'PGRST102', 'All object keys must match']);
  });

  it('upserts: merge-duplicates counts inserted rows (201 or 200); ignore-duplicates; on_conflict picks the key', () => {
    const merge = build('', { method: 'POST', body: '{"id":"x","title":"a"}', headers: { prefer: 'resolution=merge-duplicates' } });
    expect(merge.text).toContain(
      `WHERE pg_catalog.set_config('pgrst.inserted', (coalesce(nullif(pg_catalog.current_setting('pgrst.inserted', true), '')::int, 0) + 1)::text, true) <> '0' ` +
        `ON CONFLICT ("id") DO UPDATE SET "id" = EXCLUDED."id", "title" = EXCLUDED."title" ` +
        `WHERE pg_catalog.set_config('pgrst.inserted', (coalesce(nullif(pg_catalog.current_setting('pgrst.inserted', true), '')::int, 0) - 1)::text, true) <> '-1' RETURNING 1`,
    );
    expect(merge.text).toContain(`nullif(pg_catalog.current_setting('pgrst.inserted', true), '')::int AS inserted`);
    expect(merge.resolutionApplies).toBe(true);
    const ignore = build('on_conflict=title', { method: 'POST', body: '{"title":"a"}', headers: { prefer: 'resolution=ignore-duplicates' } });
    expect(ignore.text).toContain('ON CONFLICT ("title") DO NOTHING');
    expect(ignore.text).not.toContain('pgrst.inserted');
    expect(build('', { method: 'POST', body: '{"we\\"ird col":"x"}', path: '/weird%22table', headers: { prefer: 'resolution=merge-duplicates' } }).resolutionApplies).toBe(false);
  });

  it('inserts defaults for {}; refuses bodies that are not objects', () => {
    expect(build('', { method: 'POST', body: '{}' }).text).toContain(
      'INSERT INTO "public"."content_items" AS "content_items" SELECT FROM pg_catalog.json_array_elements($1::json) RETURNING 1',
    );
    for (const body of ['1', '"x"', 'null', '[1,2]', '[{"title":"a"},3]']) {
      expect(failure(() => build('', { method: 'POST', body })).code).toBe('PGRST102');
    }
  });

  it('returns the primary key for return=headers-only', () => {
    const statement = build('', { method: 'POST', body: '{"title":"a"}', headers: { prefer: 'return=headers-only' } });
    expect([statement.text.includes('RETURNING "content_items"."id"'), statement.locationColumns]).toEqual([true, ['id']]);
  });

  it('unknown body key → 400 PGRST204', () => {
    const error = failure(() => build('', { method: 'POST', body: '{"title":"a","nope":1}' }));
    expect([error.status, error.code, error.message]).toEqual([400, 'PGRST204', "Could not find the 'nope' column of 'content_items' in the schema cache"]);
  });
});

describe('updates and deletes', () => {
  it('updates the filtered rows with the body', () => {
    const statement = build('id=eq.5', { method: 'PATCH', body: '{"title":"New","tags":["x"]}' });
    expect(statement.text).toContain(
      'UPDATE "public"."content_items" AS "content_items" SET "title" = pgrst_body."title", "tags" = pgrst_body."tags" FROM (SELECT * FROM ' +
        'pg_catalog.json_to_recordset($1::json) AS pgrst_body("title" text, "tags" text[]) LIMIT 1) pgrst_body ' +
        'WHERE "content_items"."id" = $2 RETURNING 1',
    );
    expect(statement.values).toEqual(['[{"title":"New","tags":["x"]}]', '5']);
  });

  it('deletes the filtered rows; embedded filters apply to the returned rows, not the delete', () => {
    expect(build('id=eq.5', { method: 'DELETE' }).text).toContain('DELETE FROM "public"."content_items" AS "content_items" WHERE "content_items"."id" = $1 RETURNING 1');
  });

  it.each(['PATCH', 'DELETE'])('refuses an unfiltered %s with 400 21000, as Supabase does', (method) => {
    const error = failure(() => build('', { method, body: method === 'PATCH' ? '{"title":"x"}' : undefined }));
    expect([error.status, error.code, error.message]).toEqual([400, '21000', `${method === 'PATCH' ? 'UPDATE' : 'DELETE'} requires a WHERE clause`]);
  });

  it('an empty PATCH body changes nothing; limit on PATCH/DELETE is refused', () => {
    expect(build('id=eq.1', { method: 'PATCH', body: '{}' }).text).toContain('WITH pgrst_source AS (SELECT * FROM "public"."content_items" AS "content_items" WHERE false');
    expect(failure(() => build('id=eq.1&limit=1', { method: 'DELETE' })).code).toBe('PGRST100');
  });
});

describe('functions (PostgREST findProc and callPlanToQuery)', () => {
  const call = (path: string, body?: string, overrides = {}) => build('', { method: 'POST', path: `/rpc/${path}`, body, ...overrides });

  it('a function without arguments returning a scalar; stable ones run read-only on POST', () => {
    const statement = call('is_site_admin');
    expect(statement.text).toContain('SELECT pgrst_call.pgrst_scalar FROM (SELECT "public"."is_site_admin"() AS pgrst_scalar) pgrst_call');
    expect(statement.text).toContain(`coalesce((pg_catalog.json_agg(_postgrest_t.pgrst_scalar)->0)::text, 'null')`);
    expect(statement.readOnly).toBe(true);
  });

  it('named arguments through a typed record; GET casts query values to the parameters’ types', () => {
    expect(call('add', '{"a":1,"b":2}').text).toContain(
      'FROM pg_catalog.json_to_record($1::json) AS pgrst_body("a" integer, "b" integer), LATERAL (SELECT "public"."add"("a" := pgrst_body."a", "b" := pgrst_body."b") AS pgrst_scalar) pgrst_call',
    );
    expect(call('add', '{"a":1}').text).toContain('"public"."add"("a" := pgrst_body."a")');
    const get = build('a=1&b=2', { path: '/rpc/add' });
    expect([get.text.includes('"public"."add"("a" := $1::integer, "b" := $2::integer)'), get.values.slice(0, 2)]).toEqual([true, ['1', '2']]);
    expect(build('v=1&v=2', { path: '/rpc/total' }).text).toContain('"public"."total"(VARIADIC "v" := $1::integer[])');
  });

  it('a missing required argument or an unknown name is 404 PGRST202 with the parameters searched and a hint', () => {
    const missing = failure(() => call('add', '{"b":1}'));
    expect([missing.status, missing.code, missing.message, missing.hint]).toEqual([
      404,
      'PGRST202',
      'Could not find the function public.add(b) in the schema cache',
      'Perhaps you meant to call the function public.add(a, b)',
    ]);
    const typo = failure(() => call('is_site_admn', '{"x":1}'));
    expect([typo.message, typo.details, typo.hint]).toEqual([
      'Could not find the function public.is_site_admn(x) in the schema cache',
      'Searched for the function public.is_site_admn with parameter x or with a single unnamed json/jsonb parameter, but no matches were found in the schema cache.',
      'Perhaps you meant to call the function public.is_site_admin',
    ]);
  });

  it('overloads that both match are 300 PGRST203 with the candidates', () => {
    const error = failure(() => call('pick', '{"a":1}'));
    expect([error.status, error.code, error.message, error.hint]).toEqual([
      300,
      'PGRST203',
      'Could not choose the best candidate function between: public.pick(a => integer), public.pick(a => text)',
      'Try renaming the parameters or the function itself in the database so function overloading can be resolved',
    ]);
  });

  it('a single unnamed parameter takes the whole body: json for JSON, text for text/plain', () => {
    const json = call('echo_json', '{"any":[1,2]}');
    expect([json.text.includes('(SELECT "public"."echo_json"($1::json) AS pgrst_scalar)'), json.values[0]]).toEqual([true, '{"any":[1,2]}']);
    const text = build('', { method: 'POST', path: '/rpc/echo_text', rawBody: { kind: 'text', text: 'plain words' } });
    expect([text.text.includes('"public"."echo_text"($1::text)'), text.values[0]]).toEqual([true, 'plain words']);
    expect(failure(() => build('', { method: 'POST', path: '/rpc/echo_json', rawBody: { kind: 'text', text: 'x' } })).details).toBe(
      'Searched for the function public.echo_json with a single unnamed text parameter, but no matches were found in the schema cache.',
    );
  });

  it('a table-returning function is filtered, ordered, ranged and embedded like the table', () => {
    const statement = build('d=1&year=gte.1896&select=title,directors(name)&order=year.desc&limit=1', { path: '/rpc/films_of' });
    expect(statement.text).toContain('WITH pgrst_source AS (SELECT pgrst_call.* FROM "public"."films_of"("d" := $1::integer) pgrst_call)');
    expect(statement.text).toContain('FROM pgrst_source AS "films_of" LEFT JOIN LATERAL');
    expect(statement.text).toContain('WHERE "films_of"."year" >= $');
    expect(statement.text).toContain('ORDER BY "films_of"."year" DESC LIMIT');
  });

  it('volatile functions run read-write on POST only; void ones answer 204; PATCH is 405 PGRST101', () => {
    expect([call('touch').readOnly, call('touch').isVoid, build('', { path: '/rpc/touch' }).readOnly]).toEqual([false, true, true]);
    const error = failure(() => build('', { method: 'PATCH', path: '/rpc/touch', body: '{}' }));
    expect([error.status, error.code]).toEqual([405, 'PGRST101']);
  });

  it('max-affected with handling=strict needs a set-returning function (400 PGRST128)', () => {
    expect(failure(() => call('add', '{"a":1}', { headers: { prefer: 'handling=strict, max-affected=1' } })).code).toBe('PGRST128');
    expect(build('d=1', { path: '/rpc/films_of', headers: { prefer: 'handling=strict, max-affected=1' } }).returnsSet).toBe(true);
  });
});

describe('preferences checked against the statement', () => {
  it('handling=strict refuses invalid preferences and unknown time zones (400 PGRST122); a known zone is set', () => {
    const error = failure(() => build('', { headers: { prefer: 'handling=strict, frob, timezone=Mars/Base' } }));
    expect([error.status, error.code, error.details]).toEqual([400, 'PGRST122', 'Invalid preferences: frob, timezone=Mars/Base']);
    expect(build('', { headers: { prefer: 'timezone=America/Los_Angeles' } }).timezone).toBe('America/Los_Angeles');
    expect(build('', { headers: { prefer: 'timezone=Mars/Base' } }).timezone).toBeNull();
  });
});

describe('helpers', () => {
  it('quoteIdent doubles quotes and stops at NUL, as PostgREST', () => {
    expect(quoteIdent('a"b\u0000c')).toBe('"a""b"');
  });

  it('arrayLiteral escapes backslashes and quotes', () => {
    expect(arrayLiteral(['a', 'b,c', 'd"e', 'f\\g', ''])).toBe('{"a","b,c","d\\"e","f\\\\g",""}');
  });

  it(`jsonDepth ignores brackets inside strings; bodies deeper than ${MAX_JSON_DEPTH} are PGRST102`, () => {
    expect(jsonDepth('{"a":[1,{"b":"[[[{{{"}]}')).toBe(3);
    expect(failure(() => parseBody(`{"title":${'['.repeat(100_000)}${']'.repeat(100_000)}}`)).code).toBe('PGRST102');
  });
});
