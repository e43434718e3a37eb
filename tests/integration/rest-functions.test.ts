import type { SupabaseClient } from '@supabase/supabase-js';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { rest, untypedClientWithToken } from '../support/rest-clients';
import { reloadSchema } from '../support/schema';
import { startTestServer, type TestServer } from '../support/test-server';

/**
 * Which function `/rpc/` calls, as PostgREST decides (`findProc` over its schema cache), through supabase-js: a
 * function with one unnamed parameter is callable only when that parameter takes the whole body (json, jsonb,
 * text, xml, bytea); the others are not candidates at all, so `{"": value}` reaches the one callable overload
 * whatever the value's JSON type, and a function nobody can call is 404 PGRST202 (before: 300 PGRST203 listing
 * the uncallable ones, or PostgreSQL's 400 22P02 when it tried the body as an integer). The cases are
 * postgrest-js' own (test/advanced_rpc.test.ts).
 */

let server: TestServer;
let anon: SupabaseClient;

beforeAll(async () => {
  server = await startTestServer();
  anon = untypedClientWithToken(server, server.anonKey);
  await server.sql.unsafe(`
    create table public.notes (id int primary key, message text);
    insert into public.notes values (1, 'hello');
    grant select on public.notes to anon;
    create function public.poly(bool) returns int language sql as 'select 1';
    create function public.poly(int) returns int language sql as 'select 2';
    create function public.poly(text) returns text language sql as $$ select 'text ' || $1 $$;
    create function public.poly_default() returns int language sql as 'select 1';
    create function public.poly_default(int default 42) returns int language sql as 'select 2';
    create function public.poly_default(text default 'x') returns text language sql as $$ select 'foo' $$;
    create function public.single_unnamed_integer(int) returns int language sql as 'select 1';
    create function public.single_unnamed_text(text) returns int language sql as 'select 1';
    create function public.shout(public.notes) returns text language sql stable as $$ select upper($1.message) $$;
    create function public.pick(a text) returns int language sql as 'select 1';
    create function public.pick(a int) returns text language sql as $$ select 'foo' $$;
    grant execute on all functions in schema public to anon;
  `).simple();
  await reloadSchema(server, '/notes');
});

afterAll(async () => {
  await server?.close();
});

describe('overloads with an unnamed parameter', () => {
  it.each([['a string', 'word'], ['a boolean', true], ['a number', 3]])('{"": %s} calls the text overload (the only callable one)', async (_, value) => {
    const { data, error, status } = await anon.rpc('poly', { '': value });
    expect([status, error, data]).toEqual([200, null, `text {"": ${JSON.stringify(value)}}`.replace('{"": ', '{"":')]);
  });

  it('without arguments: the function without parameters and the text one with a default are the candidates (300 PGRST203)', async () => {
    const { status, error } = await anon.rpc('poly_default');
    expect([status, error?.code, error?.message]).toEqual([
      300,
      'PGRST203',
      'Could not choose the best candidate function between: public.poly_default(), public.poly_default( => text)',
    ]);
    expect((await anon.rpc('poly_default', { '': 'x' })).data).toBe('foo');
  });

  it('a function whose unnamed parameter cannot take a body is 404 PGRST202, with a hint to a close name', async () => {
    const { status, error } = await anon.rpc('single_unnamed_integer', { '': 1 });
    expect([status, error]).toEqual([
      404,
      {
        code: 'PGRST202',
        details: 'Searched for the function public.single_unnamed_integer with parameter  or with a single unnamed json/jsonb parameter, but no matches were found in the schema cache.',
        hint: 'Perhaps you meant to call the function public.single_unnamed_text',
        message: 'Could not find the function public.single_unnamed_integer() in the schema cache',
      },
    ]);
  });

  it('a computed field (taking a row) is not a function to call: 404 PGRST202 without a hint, and still a column', async () => {
    const called = await anon.rpc('shout', { '': { id: 1, message: 'x' } });
    expect([called.status, called.error?.code, called.error?.hint]).toEqual([404, 'PGRST202', null]);
    expect((await anon.from('notes').select('id, shout')).data).toEqual([{ id: 1, shout: 'HELLO' }]);
  });

  it('the candidates of PGRST203 in PostgREST’s order (names, then types as text)', async () => {
    const { status, error } = await anon.rpc('pick', { a: 'x' });
    expect([status, error?.message]).toEqual([
      300,
      'Could not choose the best candidate function between: public.pick(a => integer), public.pick(a => text)',
    ]);
  });

  it('raw bodies still reach a single unnamed text parameter (text/plain)', async () => {
    const text = await rest(server, 'POST', '/rpc/poly', { body: 'plain', headers: { 'content-type': 'text/plain' } });
    expect([text.status, text.json]).toEqual([200, 'text plain']);
  });
});
