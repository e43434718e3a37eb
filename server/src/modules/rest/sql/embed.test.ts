import { describe, expect, it } from 'vitest';
import { build } from '../testing/build';
import { failure } from '../testing/failure';

const films = (query: string, overrides = {}) => build(query, { path: '/films', ...overrides });

describe('embedding (PostgREST readPlanToQuery)', () => {
  it('many-to-one: a LEFT JOIN LATERAL on the foreign key, the row as a JSON object, without a row cap (planned as a join)', () => {
    expect(films('select=title,director:directors(name)').text).toContain(
      'SELECT "films"."title" AS "title", pg_catalog.to_jsonb("films_director_1".*) AS "director" FROM "public"."films" AS "films" ' +
        'LEFT JOIN LATERAL (SELECT "directors_1"."name" AS "name" FROM "public"."directors" AS "directors_1" ' +
        'WHERE "directors_1"."id" = "films"."director_id") AS "films_director_1" ON TRUE LIMIT $1 OFFSET $2',
    );
    expect(films('select=title,directors(name)&directors.limit=1').text).toContain('WHERE "directors_1"."id" = "films"."director_id" LIMIT $1 OFFSET $2)');
  });

  it('one-to-many: the rows as a JSON array ([] when none); !inner keeps only parents with rows', () => {
    const statement = build('select=name,films!inner(title)', { path: '/directors' });
    expect(statement.text).toContain(
      'COALESCE("directors_films_1"."directors_films_1", \'[]\') AS "films" FROM "public"."directors" AS "directors" ' +
        'INNER JOIN LATERAL (SELECT pg_catalog.json_agg("directors_films_1")::jsonb AS "directors_films_1" FROM ' +
        '(SELECT "films_1"."title" AS "title" FROM "public"."films" AS "films_1" WHERE "films_1"."director_id" = "directors"."id" LIMIT $1 OFFSET $2) ' +
        'AS "directors_films_1") AS "directors_films_1" ON "directors_films_1" IS NOT NULL',
    );
  });

  it('many-to-many through the junction; embedded filters, order and range inside the subquery', () => {
    const statement = films('select=title,actors(name)&actors.name=like.J*&actors.order=name&actors.limit=2&actors.offset=1');
    expect(statement.text).toContain(
      'FROM "public"."actors" AS "actors_1", "public"."roles" AS "roles_1_junction" ' +
        'WHERE "actors_1"."id" = "roles_1_junction"."actor_id" AND "roles_1_junction"."film_id" = "films"."id" AND "actors_1"."name" LIKE $1 ' +
        'ORDER BY "actors_1"."name" LIMIT $2 OFFSET $3',
    );
    expect(statement.values.slice(0, 4)).toEqual(['J%', '2', '1', '1000']);
  });

  it('spread: the child’s columns beside the parent’s', () => {
    expect(films('select=title,...directors(dn:name)').text).toContain('SELECT "films"."title" AS "title", "films_directors_1"."dn" FROM');
  });

  it('spread of a to-many resource: each column the array of its values (PostgREST 13); !inner needs a row', () => {
    const text = build('select=name,...films(title,year)', { path: '/directors' }).text;
    expect(text).toContain('SELECT "directors"."name" AS "name", "directors_films_1"."title", "directors_films_1"."year" FROM');
    expect(text).toContain(
      'LEFT JOIN LATERAL (SELECT COALESCE(pg_catalog.json_agg("directors_films_1"."title"), \'[]\')::jsonb AS "title", ' +
        'COALESCE(pg_catalog.json_agg("directors_films_1"."year"), \'[]\')::jsonb AS "year", pg_catalog.count(*) > 0 AS pgrst_found FROM (SELECT',
    );
    expect(build('select=name,...films!inner(title)', { path: '/directors' }).text).toContain('AS "directors_films_1" ON "directors_films_1".pgrst_found');
  });

  it('the same table embedded twice without aliases: 400 42712 as PostgreSQL words it; with aliases both are read', () => {
    const twice = failure(() => build('select=addresses!billing(*),addresses!shipping(*)', { path: '/orders' }));
    expect([twice.status, twice.code, twice.message]).toEqual([400, '42712', 'table name "orders_addresses_1" specified more than once']);
    expect(build('select=bill:addresses!billing(*),ship:addresses!shipping(*)', { path: '/orders' }).text).toContain('AS "orders_ship_1" ON TRUE');
  });

  it('an unknown column of an embedded resource is named by its alias, as PostgreSQL names it', () => {
    expect(failure(() => films('select=title,directors(nope)')).message).toBe('column directors_1.nope does not exist');
  });

  it('null filters: a semi-join / anti-join on the lateral row; EXISTS in the count', () => {
    const statement = build('select=name,films()&films=is.null', { path: '/directors', headers: { prefer: 'count=exact' } });
    expect(statement.text).toContain('WHERE "directors_films_1" IS NOT DISTINCT FROM NULL');
    expect(statement.text).toContain(
      '(SELECT pg_catalog.count(*) FROM (SELECT 1 FROM "public"."directors" AS "directors" WHERE NOT EXISTS (SELECT 1 FROM "public"."films" AS "films_1" WHERE "films_1"."director_id" = "directors"."id")) pgrst_count)',
    );
    expect(build('select=name,films()&films=not.is.null', { path: '/directors' }).text).toContain('WHERE "directors_films_1" IS DISTINCT FROM NULL');
  });

  it('an !inner resource’s filters count: EXISTS in the count query', () => {
    expect(films('select=title,actors!inner(name)&actors.name=eq.J', { headers: { prefer: 'count=exact' } }).text).toContain(
      'SELECT 1 FROM "public"."films" AS "films" WHERE EXISTS (SELECT 1 FROM "public"."actors" AS "actors_1", "public"."roles" AS "roles_1_junction" ' +
        'WHERE "actors_1"."id" = "roles_1_junction"."actor_id" AND "roles_1_junction"."film_id" = "films"."id" AND "actors_1"."name" = $',
    );
  });

  it('related order on a to-one resource orders the parent', () => {
    expect(films('select=title,directors(name)&order=directors(name).desc.nullslast').text).toContain('ORDER BY "films_directors_1"."name" DESC NULLS LAST');
    expect(failure(() => films('select=title&order=directors(name)')).code).toBe('PGRST108');
  });

  it('the legacy count and a computed relationship', () => {
    expect(build('select=name,films(count)', { path: '/directors' }).text).toContain('(SELECT pg_catalog.count(*) AS "count" FROM "public"."films" AS "films_1"');
    expect(build('select=name,first_film(title)', { path: '/directors' }).text).toContain(
      'LEFT JOIN LATERAL (SELECT "films_1"."title" AS "title" FROM "public"."first_film"("directors"::"public"."directors") AS "films_1"',
    );
  });

  it('hints: a foreign key or a column; ambiguity is 300 PGRST201, none 400 PGRST200', () => {
    expect(build('select=b:addresses!billing(city),s:addresses!shipping_address_id(city)', { path: '/orders' }).text).toContain(
      'WHERE "addresses_1"."id" = "orders"."billing_address_id"',
    );
    const ambiguous = failure(() => build('select=addresses(city)', { path: '/orders' }));
    expect([ambiguous.status, ambiguous.code, (ambiguous.details as unknown[]).length]).toEqual([300, 'PGRST201', 2]);
    const none = failure(() => films('select=actorz(name)'));
    expect([none.status, none.code, none.hint]).toEqual([400, 'PGRST200', "Perhaps you meant 'actors' instead of 'actorz'."]);
    expect(failure(() => films('select=directors!nope(name)')).details).toContain("using the hint 'nope'");
  });

  it('names inside embedded resources are checked against their tables', () => {
    const error = failure(() => films('select=title,directors(nam)'));
    expect([error.code, error.message]).toEqual(['42703', 'column directors_1.nam does not exist']);
    expect(failure(() => films('select=title,directors(name)&directors.nam=eq.1')).code).toBe('42703');
  });
});
