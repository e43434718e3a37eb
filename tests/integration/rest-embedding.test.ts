import type { SupabaseClient } from '@supabase/supabase-js';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { rest, signedInUser, untypedClientWithToken, type SignedInUser } from '../support/rest-clients';
import { startTestServer, type TestServer } from '../support/test-server';
import { reloadSchema } from '../support/schema';

/**
 * Resource embedding through the real supabase-js, each case stating the PostgREST 12/13 behaviour it mirrors
 * (docs/references/api/resource_embedding.rst): many-to-one, one-to-many, one-to-one, many-to-many, !inner,
 * hints and PGRST201, embedded filters/order/limit/offset, counts, spreads, renames, null filters, related
 * order; and row-level security applying to every embedded table as the caller.
 */

let server: TestServer;
let anon: SupabaseClient;
let member: SignedInUser;
let outsider: SignedInUser;

beforeAll(async () => {
  server = await startTestServer();
  member = await signedInUser(server, { metadata: { first_name: 'Mia', last_name: 'Member', company_name: 'Mia Co' } });
  outsider = await signedInUser(server, { metadata: { first_name: 'Otto', last_name: 'Outsider', company_name: 'Otto Co' } });
  anon = untypedClientWithToken(server, server.anonKey);
  // PostgREST's film database, the way a migration would create it.
  await server.sql.unsafe(`
    create table public.directors (id int primary key, name text);
    create table public.films (id int primary key, title text, year int, director_id int references public.directors (id));
    create table public.technical_specs (film_id int primary key references public.films (id), camera text);
    create table public.actors (id int primary key, name text, hidden boolean not null default false);
    create table public.roles (film_id int references public.films (id), actor_id int references public.actors (id), character text,
      primary key (film_id, actor_id));
    create table public.addresses (id int primary key, city text);
    create table public.orders (id int primary key, name text,
      billing_address_id int, shipping_address_id int,
      constraint billing foreign key (billing_address_id) references public.addresses (id),
      constraint shipping foreign key (shipping_address_id) references public.addresses (id));
    insert into public.directors values (1, 'Lumière'), (2, 'Méliès'), (3, 'Nobody');
    insert into public.films values (1, 'Workers Leaving', 1895, 1), (2, 'Arrival of a Train', 1896, 1),
      (3, 'The Haunted Castle', 1896, 2), (4, 'Orphan Reel', 1900, null);
    insert into public.technical_specs values (1, 'Cinématographe');
    insert into public.actors values (1, 'Jehanne', false), (2, 'Georges', false), (3, 'Secret', true);
    insert into public.roles values (3, 1, 'Ghost'), (3, 2, 'Devil'), (1, 3, 'Worker'), (2, 2, 'Passenger');
    insert into public.addresses values (1, 'Dearborn'), (2, 'Detroit');
    insert into public.orders values (1, 'Filter', 1, 2);
    grant select on public.directors, public.films, public.technical_specs, public.actors, public.roles,
      public.addresses, public.orders to anon, authenticated;
    grant insert on public.films to anon;
    -- Row-level security on an embedded table: hidden actors are nobody's business.
    alter table public.actors enable row level security;
    create policy "Visible actors" on public.actors for select using (not hidden);
    create function public.films_of(d int) returns setof public.films language sql stable as $$
      select * from public.films where director_id = d $$;
    grant execute on function public.films_of(int) to anon;
  `).simple();
  await reloadSchema(server, '/orders');
  await member.client.from('content_items').insert([{ title: 'Mia first' }, { title: 'Mia second' }]);
  await outsider.client.from('content_items').insert({ title: 'Otto private' });
});

afterAll(async () => {
  await server?.close();
});

describe('relationships (PostgREST: a to-one end is an object, a to-many end an array)', () => {
  it('many-to-one: each film with its director, null without one', async () => {
    const { data, error } = await anon.from('films').select('title, directors(name)').order('id');
    expect(error).toBeNull();
    expect(data).toEqual([
      { title: 'Workers Leaving', directors: { name: 'Lumière' } },
      { title: 'Arrival of a Train', directors: { name: 'Lumière' } },
      { title: 'The Haunted Castle', directors: { name: 'Méliès' } },
      { title: 'Orphan Reel', directors: null },
    ]);
  });

  it('one-to-many: each director with its films, [] without any', async () => {
    const { data } = await anon.from('directors').select('name, films(title)').order('id').order('id', { referencedTable: 'films' });
    expect(data).toEqual([
      { name: 'Lumière', films: [{ title: 'Workers Leaving' }, { title: 'Arrival of a Train' }] },
      { name: 'Méliès', films: [{ title: 'The Haunted Castle' }] },
      { name: 'Nobody', films: [] },
    ]);
  });

  it('one-to-one (the foreign key is the primary key): an object both ways', async () => {
    const films = await anon.from('films').select('id, technical_specs(camera)').in('id', [1, 2]).order('id');
    expect(films.data).toEqual([
      { id: 1, technical_specs: { camera: 'Cinématographe' } },
      { id: 2, technical_specs: null },
    ]);
    const specs = await anon.from('technical_specs').select('camera, films(title)');
    expect(specs.data).toEqual([{ camera: 'Cinématographe', films: { title: 'Workers Leaving' } }]);
  });

  it('many-to-many through the junction table, both ways; the junction itself embeds too', async () => {
    const films = await anon.from('films').select('title, actors(name)').eq('id', 3).order('id', { referencedTable: 'actors' });
    expect(films.data).toEqual([{ title: 'The Haunted Castle', actors: [{ name: 'Jehanne' }, { name: 'Georges' }] }]);
    const actors = await anon.from('actors').select('name, films(title)').eq('id', 2).order('id', { referencedTable: 'films' });
    expect(actors.data).toEqual([{ name: 'Georges', films: [{ title: 'Arrival of a Train' }, { title: 'The Haunted Castle' }] }]);
    const roles = await anon.from('films').select('title, roles(character, actors(name))').eq('id', 3).order('actor_id', { referencedTable: 'roles' });
    expect(roles.data).toEqual([
      { title: 'The Haunted Castle', roles: [{ character: 'Ghost', actors: { name: 'Jehanne' } }, { character: 'Devil', actors: { name: 'Georges' } }] },
    ]);
  });

  it('renames of embedded resources and their columns', async () => {
    const { data } = await anon.from('films').select('name:title, director:directors(full_name:name)').eq('id', 3);
    expect(data).toEqual([{ name: 'The Haunted Castle', director: { full_name: 'Méliès' } }]);
  });

  it('spread (...) puts a to-one resource’s columns beside the parent’s (to-many ones: rest-embedding-views)', async () => {
    const { data } = await anon.from('films').select('title, ...directors(director:name)').eq('id', 1);
    expect(data).toEqual([{ title: 'Workers Leaving', director: 'Lumière' }]);
  });
});

describe('shaping embedded resources (PostgREST "Embedded Filters")', () => {
  it('filters, order, limit and offset apply inside each embedded array, never to the parent rows', async () => {
    const { data } = await anon
      .from('directors')
      .select('name, films(title, year)')
      .gte('films.year', 1896)
      .order('id')
      .order('title', { referencedTable: 'films', ascending: false })
      .limit(1, { referencedTable: 'films' });
    expect(data).toEqual([
      { name: 'Lumière', films: [{ title: 'Arrival of a Train', year: 1896 }] },
      { name: 'Méliès', films: [{ title: 'The Haunted Castle', year: 1896 }] },
      { name: 'Nobody', films: [] },
    ]);
    const offset = await rest(server, 'GET', '/directors?select=name,films(title)&id=eq.1&films.order=id&films.offset=1&films.limit=5');
    expect(offset.json).toEqual([{ name: 'Lumière', films: [{ title: 'Arrival of a Train' }] }]);
  });

  it('an or= on an embedded resource (films.or=…)', async () => {
    const { data } = await anon.from('directors').select('name, films(title)').eq('id', 1).or('year.eq.1895,title.eq.None', { referencedTable: 'films' });
    expect(data).toEqual([{ name: 'Lumière', films: [{ title: 'Workers Leaving' }] }]);
  });

  it('!inner keeps only parents with a matching embedded row (count follows)', async () => {
    const { data, count } = await anon
      .from('films')
      .select('title, actors!inner(name)', { count: 'exact' })
      .eq('actors.name', 'Jehanne');
    expect([data, count]).toEqual([[{ title: 'The Haunted Castle', actors: [{ name: 'Jehanne' }] }], 1]);
    const left = await anon.from('films').select('title, actors!left(name)').eq('actors.name', 'Jehanne').order('id');
    expect(left.data).toHaveLength(4);
  });

  it('null filtering on an embedded resource: not.is.null is a semi-join, is.null an anti-join (empty embeds too)', async () => {
    const withSpecs = await rest(server, 'GET', '/films?select=title,technical_specs()&technical_specs=not.is.null');
    expect(withSpecs.json).toEqual([{ title: 'Workers Leaving' }]);
    const withoutFilms = await rest(server, 'GET', '/directors?select=name,films()&films=is.null');
    expect(withoutFilms.json).toEqual([{ name: 'Nobody' }]);
    const counted = await rest(server, 'HEAD', '/directors?select=name,films()&films=is.null', { headers: { prefer: 'count=exact' } });
    expect(counted.headers.get('content-range')).toBe('0-0/1');
  });

  it('the embedded count (legacy `count`, allowed with aggregates off); count() is an aggregate: 400 PGRST123 by default', async () => {
    const { data } = await anon.from('directors').select('name, films(count)').order('id');
    expect(data).toEqual([
      { name: 'Lumière', films: [{ count: 2 }] },
      { name: 'Méliès', films: [{ count: 1 }] },
      { name: 'Nobody', films: [{ count: 0 }] },
    ]);
    const aggregate = await anon.from('directors').select('name, films(count())');
    expect([aggregate.status, aggregate.error?.code, aggregate.error?.message]).toEqual([400, 'PGRST123', 'Use of aggregate functions is not allowed']);
  });

  it('orders the top level by a to-one embedded column; a to-many one is 400 PGRST118', async () => {
    const { data } = await anon.from('films').select('title, directors(name)').not('director_id', 'is', null).order('directors(name)', { ascending: false }).order('id');
    expect(data!.map((film) => film.title)).toEqual(['The Haunted Castle', 'Workers Leaving', 'Arrival of a Train']);
    const many = await rest(server, 'GET', '/directors?select=name,films(title)&order=films(title)');
    expect([many.status, (many.json as { code: string }).code]).toEqual([400, 'PGRST118']);
  });
});

describe('choosing the relationship (PostgREST "Foreign Key Joins on Multiple Foreign Key Relationships")', () => {
  it('two foreign keys to the same table: 300 PGRST201 listing both, with the hint to pick one', async () => {
    const { status, error } = await anon.from('orders').select('*, addresses(*)');
    expect(status).toBe(300);
    expect(error).toEqual({
      code: 'PGRST201',
      details: [
        { cardinality: 'many-to-one', embedding: 'orders with addresses', relationship: 'billing using orders(billing_address_id) and addresses(id)' },
        { cardinality: 'many-to-one', embedding: 'orders with addresses', relationship: 'shipping using orders(shipping_address_id) and addresses(id)' },
      ],
      hint: "Try changing 'addresses' to one of the following: 'addresses!billing', 'addresses!shipping'. Find the desired relationship in the 'details' key.",
      message: "Could not embed because more than one relationship was found for 'orders' and 'addresses'",
    });
  });

  it('a foreign key name or a column name as hint picks one; the other way round too', async () => {
    const { data } = await anon.from('orders').select('name, billing:addresses!billing(city), shipping:addresses!shipping_address_id(city)');
    expect(data).toEqual([{ name: 'Filter', billing: { city: 'Dearborn' }, shipping: { city: 'Detroit' } }]);
    const back = await anon.from('addresses').select('city, billed:orders!billing(name)').order('id');
    expect(back.data).toEqual([
      { city: 'Dearborn', billed: [{ name: 'Filter' }] },
      { city: 'Detroit', billed: [] },
    ]);
  });

  it('no relationship: 400 PGRST200 with PostgREST’s details and a suggestion', async () => {
    const { status, error } = await anon.from('films').select('title, director(name)');
    expect(status).toBe(400);
    expect(error).toEqual({
      code: 'PGRST200',
      details: "Searched for a foreign key relationship between 'films' and 'director' in the schema 'public', but no matches were found.",
      hint: "Perhaps you meant 'directors' instead of 'director'.",
      message: "Could not find a relationship between 'films' and 'director' in the schema cache",
    });
  });

  it('a filter on a resource that is not embedded: 400 PGRST108', async () => {
    const { status, error } = await anon.from('films').select('title').eq('directors.name', 'Méliès');
    expect([status, error]).toEqual([
      400,
      {
        code: 'PGRST108',
        details: null,
        hint: "Verify that 'directors' is included in the 'select' query parameter.",
        message: "'directors' is not an embedded resource in this request",
      },
    ]);
  });
});

describe('row-level security applies to every embedded table, as the caller', () => {
  it('an embedded table’s policy hides its rows inside the parent (many-to-many and nested)', async () => {
    const { data } = await anon.from('films').select('title, actors(name), roles(actors(name))').eq('id', 1);
    expect(data).toEqual([{ title: 'Workers Leaving', actors: [], roles: [{ actors: null }] }]);
  });

  it('a member sees only its own organization’s content items under its organization; another member its own', async () => {
    const mine = await member.client.from('organizations').select('name, content_items(title)').order('title', { referencedTable: 'content_items' });
    expect(mine.data).toEqual([{ name: 'Mia Co', content_items: [{ title: 'Mia first' }, { title: 'Mia second' }] }]);
    const theirs = await outsider.client.from('organizations').select('name, content_items(title)');
    expect(theirs.data).toEqual([{ name: 'Otto Co', content_items: [{ title: 'Otto private' }] }]);
    const items = await outsider.client.from('content_items').select('title, organizations(name)');
    expect(items.data).toEqual([{ title: 'Otto private', organizations: { name: 'Otto Co' } }]);
  });

  it('anon cannot reach the organizations through an embedding (401 42501, as a direct read)', async () => {
    const { status, error } = await anon.from('films').select('title').limit(1);
    expect([status, error]).toEqual([200, null]);
    const embedded = await rest(server, 'GET', '/organizations?select=name,content_items(title)');
    expect([embedded.status, (embedded.json as { code: string }).code]).toEqual([401, '42501']);
  });
});

describe('embedding after writes and on functions', () => {
  it('an insert returns the new row with its embedded director (return=representation)', async () => {
    const { data, error, status } = await anon.from('films').insert({ id: 10, title: 'New', director_id: 2 }).select('title, directors(name)').single();
    expect([status, error, data]).toEqual([201, null, { title: 'New', directors: { name: 'Méliès' } }]);
  });

  it('a function returning rows of a table is filtered and embedded like the table (GET and POST)', async () => {
    const get = await anon.rpc('films_of', { d: 1 }, { get: true }).select('title, directors(name)').eq('year', 1896);
    expect(get.data).toEqual([{ title: 'Arrival of a Train', directors: { name: 'Lumière' } }]);
    const post = await anon.rpc('films_of', { d: 1 }).select('title').order('year', { ascending: false }).limit(1);
    expect(post.data).toEqual([{ title: 'Arrival of a Train' }]);
  });
});
