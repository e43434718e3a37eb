import { describe, expect, it } from 'vitest';
import { build } from '../testing/build';
import { failure } from '../testing/failure';

describe('reads', () => {
  it('builds the ordered, limited list the dashboard loads', () => {
    const statement = build('select=*&order=created_at.desc&limit=50');
    expect(statement.text).toBe(
      'WITH pgrst_source AS (SELECT "content_items".* FROM "public"."content_items" AS "content_items" ' +
        'ORDER BY "content_items"."created_at" DESC LIMIT $1 OFFSET $2) ' +
        'SELECT null::int AS total, pg_catalog.count(_postgrest_t)::int AS page_total, ' +
        "coalesce(pg_catalog.json_agg(_postgrest_t)::text, '[]') AS body, " +
        "nullif(pg_catalog.current_setting('response.headers', true), '') AS response_headers, " +
        "nullif(pg_catalog.current_setting('response.status', true), '') AS response_status FROM (SELECT * FROM pgrst_source) _postgrest_t",
    );
    expect([statement.values, statement.readOnly, statement.path]).toEqual([['50', '0'], true, '/content_items']);
  });

  it('caps every read at 1,000 rows (db-max-rows)', () => {
    expect(build('').values).toEqual(['1000', '0']);
    expect(build('limit=5000').values).toEqual(['1000', '0']);
    expect(build('offset=20&limit=10').values).toEqual(['10', '20']);
  });

  it('binds every filter value and quotes every identifier', () => {
    const statement = build('select=id,heading:title&title=eq.x&status=neq.draft&tags=cs.{a}&id=in.(1,"2,3")&title=ilike.*Re*&created_at=is.null&status=not.eq.review');
    expect(statement.text).toContain('SELECT "content_items"."id" AS "id", "content_items"."title" AS "heading"');
    expect(statement.text).toContain(
      'WHERE "content_items"."title" = $1 AND "content_items"."status" <> $2 AND "content_items"."tags" @> $3 AND ' +
        '"content_items"."id" = ANY ($4) AND "content_items"."title" ILIKE $5 AND "content_items"."created_at" IS NULL AND ' +
        'NOT ("content_items"."status" = $6)',
    );
    expect(statement.values.slice(0, 6)).toEqual(['x', 'draft', '{a}', '{"1","2,3"}', '%Re%', 'review']);
  });

  it('quantifiers, regular expressions, isdistinct and range operators', () => {
    const statement = build('title=like(any).{a*,*b}&title=imatch.^x&status=isdistinct.draft&n=sl.[1,5)&n=adj.[5,9)&tags=eq(all).{a}');
    expect(statement.text).toContain(
      '"content_items"."title" LIKE ANY($1) AND "content_items"."title" ~* $2 AND "content_items"."status" IS DISTINCT FROM $3 AND ' +
        '"content_items"."n" << $4 AND "content_items"."n" -|- $5 AND "content_items"."tags" = ALL($6)',
    );
    expect(statement.values.slice(0, 6)).toEqual(['{a%,%b}', '^x', 'draft', '[1,5)', '[5,9)', '{a}']);
  });

  it('full-text search: to_tsvector on text columns, not on tsvector ones; the language is a bound value', () => {
    const statement = build('title=fts(english).cat&search=wfts.dog or cat&title=not.plfts.x');
    expect(statement.text).toContain(
      'pg_catalog.to_tsvector($1, "content_items"."title") @@ pg_catalog.to_tsquery($1, $2) AND ' +
        '"content_items"."search" @@ pg_catalog.websearch_to_tsquery($3) AND ' +
        'NOT (pg_catalog.to_tsvector("content_items"."title") @@ pg_catalog.plainto_tsquery($4))',
    );
    expect(statement.values.slice(0, 4)).toEqual(['english', 'cat', 'dog or cat', 'x']);
  });

  it('JSON paths in select, filters and order: keys and indexes bound; non-JSON columns through to_jsonb', () => {
    const statement = build('select=data->a->>b,k:data->0,title->>x&data->>a=eq.1&order=data->a.desc');
    expect(statement.text).toContain(
      'SELECT "content_items"."data"->$1->>$2 AS "b", "content_items"."data"->$3::int AS "k", pg_catalog.to_jsonb("content_items"."title")->>$4 AS "x"',
    );
    expect(statement.text).toContain('WHERE "content_items"."data"->>$5 = $6 ORDER BY "content_items"."data"->$7 DESC');
    expect(statement.values.slice(0, 7)).toEqual(['a', 'b', '0', 'x', 'a', '1', 'a']);
  });

  it('casts name catalogue types only, quoted; an unknown type is PostgreSQL’s 42704', () => {
    expect(build('select=n::text,id::INT,y:n::double precision').text).toContain(
      'CAST("content_items"."n" AS "pg_catalog"."text") AS "n", CAST("content_items"."id" AS "pg_catalog"."int4") AS "id", CAST("content_items"."n" AS "pg_catalog"."float8") AS "y"',
    );
    const error = failure(() => build('select=n::nope'));
    expect([error.status, error.code, error.message]).toEqual([400, '42704', 'type "nope" does not exist']);
  });

  it('nested logic trees; an empty in list matches nothing without a parameter', () => {
    expect(build('or=(status.eq.draft,and(title.eq.a,not.or(id.eq.1,id.is.null)))').text).toContain(
      'WHERE ("content_items"."status" = $1 OR ("content_items"."title" = $2 AND NOT ("content_items"."id" = $3 OR "content_items"."id" IS NULL)))',
    );
    expect(build('id=in.()').text).toContain(`"content_items"."id" = ANY ('{}')`);
  });

  it('counts: exact with the filters; estimated exact up to db-max-rows + EXPLAIN; planned EXPLAIN only', () => {
    const exact = build('title=eq.x', { headers: { prefer: 'count=exact' } });
    expect(exact.text).toContain('(SELECT pg_catalog.count(*) FROM (SELECT 1 FROM "public"."content_items" AS "content_items" WHERE "content_items"."title" = $4) pgrst_count)::int AS total');
    expect([exact.count, exact.explain]).toEqual(['exact', null]);
    const estimated = build('title=eq.x', { headers: { prefer: 'count=estimated' } });
    expect(estimated.text).toContain('WHERE "content_items"."title" = $5 LIMIT $4) pgrst_count)::int AS total');
    expect(estimated.values).toEqual(['x', '1000', '0', '1001', 'x']);
    expect(estimated.explain).toEqual({
      text: 'EXPLAIN (FORMAT JSON) SELECT 1 FROM "public"."content_items" AS "content_items" WHERE "content_items"."title" = $1',
      values: ['x'],
    });
    const planned = build('', { headers: { prefer: 'count=planned' } });
    expect(planned.text).toContain('SELECT null::int AS total');
    expect(planned.explain?.text).toBe('EXPLAIN (FORMAT JSON) SELECT 1 FROM "public"."content_items" AS "content_items"');
  });

  it('bodies: one object, stripped nulls, CSV, none for HEAD', () => {
    expect(build('', { headers: { accept: 'application/vnd.pgrst.object+json' } }).text).toContain(`coalesce((pg_catalog.json_agg(_postgrest_t)->0)::text, 'null') AS body`);
    expect(build('', { headers: { accept: 'application/vnd.pgrst.array+json;nulls=stripped' } }).text).toContain(
      `coalesce(pg_catalog.json_strip_nulls(pg_catalog.json_agg(_postgrest_t))::text, '[]') AS body`,
    );
    expect(build('', { headers: { accept: 'text/csv' } }).text).toContain('pg_catalog.string_agg(substring(_postgrest_t::text, 2, length(_postgrest_t::text) - 2)');
    const head = build('', { method: 'HEAD' });
    expect([head.text.includes(`'' AS body`), head.noBody]).toEqual([true, true]);
  });

  it('quotes names containing double quotes by doubling them', () => {
    expect(build('select=%22we%5C%22ird%20col%22', { path: '/weird%22table' }).text).toContain(
      'SELECT "weird""table"."we""ird col" AS "we""ird col" FROM "public"."weird""table" AS "weird""table"',
    );
  });

  it('aggregates only with db-aggregates-enabled (else 400 PGRST123), grouped by the other columns', () => {
    expect(failure(() => build('select=n.sum()')).code).toBe('PGRST123');
    const statement = build('select=status,total:n.sum(),count(),avg:n.avg()::int', { options: { aggregatesEnabled: true } });
    expect(statement.text).toContain(
      'SELECT "content_items"."status" AS "status", pg_catalog.sum("content_items"."n") AS "total", pg_catalog.count(*) AS "count", ' +
        'CAST(pg_catalog.avg("content_items"."n") AS "pg_catalog"."int4") AS "avg" FROM "public"."content_items" AS "content_items" GROUP BY "content_items"."status"',
    );
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

  it.each(['select=titel', 'titel=eq.1', 'order=titel', 'or=(titel.eq.1)', 'select=titel->a', 'select=titel::text'])('unknown column in %s → 400 42703', (query) => {
    const error = failure(() => build(query));
    expect([error.status, error.code, error.message, error.hint]).toEqual([
      400,
      '42703',
      'column content_items.titel does not exist',
      'Perhaps you meant to reference the column "content_items.title".',
    ]);
  });
});

describe('computed fields (functions taking the row)', () => {
  it('select, filter and order by a computed field; `*` does not include it', () => {
    const statement = build('select=title,title_upper&title_upper=like.A*&order=title_upper', { path: '/films' });
    expect(statement.text).toContain('SELECT "films"."title" AS "title", "public"."title_upper"("films") AS "title_upper" FROM "public"."films" AS "films"');
    expect(statement.text).toContain('WHERE "public"."title_upper"("films") LIKE $1 ORDER BY "public"."title_upper"("films")');
    expect(build('select=*', { path: '/films' }).text).not.toContain('title_upper');
  });
});
