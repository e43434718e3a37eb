import { createClient, type SupabaseClient } from '@supabase/supabase-js';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { rest } from '../support/rest-clients';
import { reloadSchema } from '../support/schema';
import { startTestServer, type TestServer } from '../support/test-server';

/**
 * The rest of PostgREST's URL grammar through supabase-js, on a server exposing a second schema and with
 * aggregates switched on (DB_SCHEMAS, DB_AGGREGATES_ENABLED): full-text search with languages, JSON paths,
 * casts, quantifiers, regular expressions, isdistinct, range operators, computed fields, other schemas
 * (Accept-Profile / Content-Profile), CSV, aggregates.
 */

let server: TestServer;
let anon: SupabaseClient;

beforeAll(async () => {
  server = await startTestServer({ DB_SCHEMAS: 'public,api', DB_AGGREGATES_ENABLED: 'true' });
  anon = createClient(server.url, server.anonKey, { auth: { persistSession: false, autoRefreshToken: false } });
  await server.sql.unsafe(`
    create table public.docs (id int primary key, title text, body text, tags text[], data jsonb, hours int4range,
      kind text, amount numeric, search tsvector generated always as (to_tsvector('english', body)) stored);
    insert into public.docs values
      (1, 'Cats', 'The fat cats sat on the mats', '{pets,cats}', '{"a": {"b": "x"}, "n": 3, "list": [10, 20]}', '[1,5)', 'note', 10.5),
      (2, 'Dogs', 'A dog barked at the cats', '{pets,dogs}', '{"a": {"b": "y"}, "n": 1, "list": [30]}', '[5,9)', 'note', 20),
      (3, 'Chats', 'Les chats sont sur le tapis', '{pets}', '{"a": {"b": null}, "n": 2}', '[10,20)', 'memo', null);
    create function public.title_length(public.docs) returns int language sql stable as $$ select length($1.title) $$;
    create schema api;
    create table api.notes (id int primary key, text text);
    insert into api.notes values (1, 'only in api');
    grant usage on schema api to anon;
    grant select, insert on api.notes to anon;
    grant select on public.docs to anon;
    grant execute on function public.title_length(public.docs) to anon;
  `).simple();
  await reloadSchema(server, '/docs');
});

afterAll(async () => {
  await server?.close();
});

const ids = (result: { data: unknown }) => (result.data as { id: number }[] | null)?.map((row) => row.id);

describe('operators (PostgREST docs/references/api/tables_views.rst)', () => {
  it('full-text search: fts, plfts, phfts, wfts with a language, on text and on tsvector columns', async () => {
    expect(ids(await anon.from('docs').select('id').textSearch('body', 'cat & mat', { config: 'english' }))).toEqual([1]);
    expect(ids(await anon.from('docs').select('id').textSearch('body', 'fat cats', { type: 'plain', config: 'english' }))).toEqual([1]);
    expect(ids(await anon.from('docs').select('id').textSearch('body', 'chats sont sur le tapis', { type: 'phrase', config: 'french' }))).toEqual([3]);
    expect(ids(await anon.from('docs').select('id').textSearch('search', 'dog or mat', { type: 'websearch' }).order('id'))).toEqual([1, 2]);
    expect(ids(await anon.from('docs').select('id').not('body', 'fts(english)', 'cat').order('id'))).toEqual([3]);
  });

  it('quantifiers: like(any), like(all), ilike(any), eq(any), gt(all)', async () => {
    expect(ids(await anon.from('docs').select('id').likeAnyOf('title', ['C%', 'X%']).order('id'))).toEqual([1, 3]);
    expect(ids(await anon.from('docs').select('id').likeAllOf('title', ['%at%', 'C%']).order('id'))).toEqual([1, 3]);
    expect(ids(await anon.from('docs').select('id').ilikeAnyOf('title', ['dog%']))).toEqual([2]);
    expect(ids(await anon.from('docs').select('id').filter('id', 'eq(any)', '{1,3}').order('id'))).toEqual([1, 3]);
    expect(ids(await anon.from('docs').select('id').filter('id', 'gt(all)', '{1,2}'))).toEqual([3]);
  });

  it('match / imatch (regular expressions), isdistinct, arrays', async () => {
    expect(ids(await anon.from('docs').select('id').match({}).filter('title', 'match', '^C.*s$').order('id'))).toEqual([1, 3]);
    expect(ids(await anon.from('docs').select('id').filter('title', 'imatch', '^dog'))).toEqual([2]);
    expect(ids(await anon.from('docs').select('id').filter('amount', 'isdistinct', '20').order('id'))).toEqual([1, 3]);
    expect(ids(await anon.from('docs').select('id').contains('tags', ['cats']))).toEqual([1]);
    expect(ids(await anon.from('docs').select('id').overlaps('tags', ['dogs', 'birds']))).toEqual([2]);
  });

  it('range operators: sl, sr, nxr, nxl, adj, ov', async () => {
    expect(ids(await anon.from('docs').select('id').rangeLt('hours', '[6,7)'))).toEqual([1]);
    expect(ids(await anon.from('docs').select('id').rangeGt('hours', '[6,7)'))).toEqual([3]);
    expect(ids(await anon.from('docs').select('id').rangeLte('hours', '[0,6)').order('id'))).toEqual([1]);
    expect(ids(await anon.from('docs').select('id').rangeGte('hours', '[5,6)').order('id'))).toEqual([2, 3]);
    expect(ids(await anon.from('docs').select('id').rangeAdjacent('hours', '[9,10)').order('id'))).toEqual([2, 3]);
    expect(ids(await anon.from('docs').select('id').overlaps('hours', '[4,6)').order('id'))).toEqual([1, 2]);
  });
});

describe('JSON paths, casts and computed fields', () => {
  it('->, ->> in select (named after the last key), in filters and in order', async () => {
    const { data } = await anon.from('docs').select('id, data->a->>b, first:data->list->0, n:data->n').eq('data->a->>b', 'x');
    expect(data).toEqual([{ id: 1, b: 'x', first: 10, n: 3 }]);
    expect(ids(await anon.from('docs').select('id').order('data->n', { ascending: false }))).toEqual([1, 3, 2]);
    expect(ids(await anon.from('docs').select('id').gt('data->n', 1).order('id'))).toEqual([1, 3]);
  });

  it('casts to catalogue types; an unknown type is 400 42704', async () => {
    const { data } = await anon.from('docs').select('id::text, amount::int, n:data->>n::int').eq('id', 1);
    expect(data).toEqual([{ id: '1', amount: 11, n: 3 }]);
    const unknown = await anon.from('docs').select('id::nope');
    expect([unknown.status, unknown.error?.code, unknown.error?.message]).toEqual([400, '42704', 'type "nope" does not exist']);
  });

  it('a computed field (a function of the row) in select, filters and order', async () => {
    const { data } = await anon.from('docs').select('title, title_length').gte('title_length', 5).order('title_length').order('id');
    expect(data).toEqual([
      { title: 'Chats', title_length: 5 },
    ]);
  });
});

describe('aggregates (db-aggregates-enabled), other schemas, CSV', () => {
  it('sum/avg/min/max/count grouped by the other selected columns', async () => {
    const { data } = await anon.from('docs').select('kind, total:amount.sum(), count(), highest:id.max(), avg:amount.avg()::int').order('kind');
    expect(data).toEqual([
      { kind: 'memo', total: null, count: 1, highest: 3, avg: null },
      { kind: 'note', total: 30.5, count: 2, highest: 2, avg: 15 },
    ]);
  });

  it('Accept-Profile / Content-Profile pick an exposed schema (echoed in Content-Profile); others are 406 PGRST106', async () => {
    const api = anon.schema('api');
    const read = await api.from('notes').select('text');
    expect([read.status, read.data]).toEqual([200, [{ text: 'only in api' }]]);
    const raw = await rest(server, 'GET', '/notes', { headers: { 'accept-profile': 'api' } });
    expect(raw.headers.get('content-profile')).toBe('api');
    const write = await api.from('notes').insert({ id: 2, text: 'written' }).select('id');
    expect([write.status, write.data]).toEqual([201, [{ id: 2 }]]);
    const wrongSchema = await anon.from('notes').select('*');
    expect([wrongSchema.status, wrongSchema.error?.code]).toEqual([404, 'PGRST205']);
    const hidden = await anon.schema('auth').from('users').select('*');
    expect([hidden.status, hidden.error?.code, hidden.error?.hint]).toEqual([406, 'PGRST106', 'Only the following schemas are exposed: public, api']);
  });

  it('Accept: text/csv answers CSV with a header row (.csv())', async () => {
    const { data, status } = await anon.from('docs').select('id,title,amount').order('id').csv();
    expect([status, data]).toEqual([200, 'id,title,amount\n1,Cats,10.5\n2,Dogs,20\n3,Chats,']);
    const raw = await rest(server, 'GET', '/docs?select=id&id=eq.1', { headers: { accept: 'text/csv' } });
    expect(raw.headers.get('content-type')).toBe('text/csv; charset=utf-8');
  });
});
