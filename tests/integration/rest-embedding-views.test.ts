import type { SupabaseClient } from '@supabase/supabase-js';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { untypedClientWithToken } from '../support/rest-clients';
import { reloadSchema } from '../support/schema';
import { startTestServer, type TestServer } from '../support/test-server';

/**
 * Embedding as PostgREST 13 does it beyond plain tables, through supabase-js: through views (a view column that is
 * a table column carries that column's foreign keys, also from a table in a schema the API does not expose, and
 * through a view over a view), from a function returning a view's rows, spreads of to-many resources (each column
 * an array), and the same table embedded twice without aliases (400 42712, as PostgreSQL answers PostgREST; before:
 * 200 with one key silently lost).
 */

let server: TestServer;
let anon: SupabaseClient;

beforeAll(async () => {
  server = await startTestServer();
  anon = untypedClientWithToken(server, server.anonKey);
  await server.sql.unsafe(`
    create schema hidden;
    create table hidden.authors (username text primary key, bio text);
    create table hidden.posts (id int primary key, body text, author text not null references hidden.authors);
    insert into hidden.authors values ('ada', 'maths'), ('bob', 'builds');
    insert into hidden.posts values (1, 'first', 'ada'), (2, 'second', 'ada'), (3, 'third', 'bob');
    create view public.authors as select username as name, bio from hidden.authors;
    create view public.posts as select id, body, author as written_by from hidden.posts;
    create view public.recent_posts as select * from public.posts where id > 1;

    create table public.people (username text primary key, city text);
    create table public.friendships (id int primary key, first text not null references public.people, second text not null references public.people);
    create table public.profiles_v (id int primary key, username text references public.people);
    insert into public.people values ('kiwi', 'Auckland'), ('yuki', 'Sapporo');
    insert into public.friendships values (1, 'kiwi', 'yuki');
    insert into public.profiles_v values (1, 'kiwi');
    create view public.people_view as select username, 1 as constant from public.people;

    create function public.recent_posts_by(name text) returns setof public.recent_posts language sql stable as $$
      select * from public.recent_posts where written_by = name $$;
    grant usage on schema hidden to anon;
    grant select on all tables in schema hidden to anon;
    grant select on public.authors, public.posts, public.recent_posts, public.people, public.friendships, public.profiles_v, public.people_view to anon;
    grant execute on function public.recent_posts_by(text) to anon;
  `).simple();
  await reloadSchema(server, '/recent_posts');
});

afterAll(async () => {
  await server?.close();
});

describe('embedding through views', () => {
  it('a view of a hidden table embeds the view of the table its key references, both ways', async () => {
    const posts = await anon.from('posts').select('id, authors(name)').order('id');
    expect([posts.status, posts.data]).toEqual([
      200,
      [
        { id: 1, authors: { name: 'ada' } },
        { id: 2, authors: { name: 'ada' } },
        { id: 3, authors: { name: 'bob' } },
      ],
    ]);
    const authors = await anon.from('authors').select('name, posts(id)').order('name').order('id', { referencedTable: 'posts' });
    expect(authors.data).toEqual([
      { name: 'ada', posts: [{ id: 1 }, { id: 2 }] },
      { name: 'bob', posts: [{ id: 3 }] },
    ]);
  });

  it('a view over a view keeps the key (recent_posts → posts → hidden.posts)', async () => {
    expect((await anon.from('recent_posts').select('id, authors(bio)').order('id')).data).toEqual([
      { id: 2, authors: { bio: 'maths' } },
      { id: 3, authors: { bio: 'builds' } },
    ]);
  });

  it('a table embeds a view of the table it references (postgrest-js: join select via view name relationship)', async () => {
    const { data, error } = await anon.from('profiles_v').select('people_view(username, constant)').single();
    expect([error, data]).toEqual([null, { people_view: { username: 'kiwi', constant: 1 } }]);
  });

  it('a function returning a view’s rows embeds like the view', async () => {
    const { data, error } = await anon.rpc('recent_posts_by', { name: 'ada' }).select('id, authors(name)');
    expect([error, data]).toEqual([null, [{ id: 2, authors: { name: 'ada' } }]]);
  });
});

describe('spreads and names', () => {
  it('a spread of a to-many resource gives each column as an array beside the parent’s (PostgREST 13)', async () => {
    const { data, error } = await anon.from('authors').select('name, ...posts(id, body)').order('name').order('id', { referencedTable: 'posts' });
    expect([error, data]).toEqual([
      null,
      [
        { name: 'ada', id: [1, 2], body: ['first', 'second'] },
        { name: 'bob', id: [3], body: ['third'] },
      ],
    ]);
    const none = await anon.from('people').select('username, ...friendships!first(id)').order('username');
    expect(none.data).toEqual([
      { username: 'kiwi', id: [1] },
      { username: 'yuki', id: [] },
    ]);
  });

  it('the same table embedded twice without aliases is 400 42712; with aliases both come back', async () => {
    const twice = await anon.from('friendships').select('people!first(*), people!second(*)').single();
    expect([twice.status, twice.error]).toEqual([
      400,
      { code: '42712', details: null, hint: null, message: 'table name "friendships_people_1" specified more than once' },
    ]);
    const aliased = await anon.from('friendships').select('a:people!first(username), b:people!second(username)').single();
    expect(aliased.data).toEqual({ a: { username: 'kiwi' }, b: { username: 'yuki' } });
  });

  it('an unknown column of an embedded resource is named by its alias (column people_1.nope)', async () => {
    const { status, error } = await anon.from('profiles_v').select('people(nope)');
    expect([status, error?.code, error?.message]).toEqual([400, '42703', 'column people_1.nope does not exist']);
  });
});
