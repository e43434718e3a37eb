import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { fuzzRequest, random } from '../../server/src/modules/rest/testing/fuzz';
import { rest } from '../support/rest-clients';
import { reloadSchema } from '../support/schema';
import { startTestServer, type TestServer } from '../support/test-server';

/**
 * Hostile input against the real server and PostgreSQL: random requests over embedding, JSON paths, casts,
 * filters and orders (the unit fuzz checks the SQL they build) are answered, never with a 5xx, and leave the
 * tables as they were.
 */

const REQUESTS = 400;
let server: TestServer;

beforeAll(async () => {
  server = await startTestServer({ DB_AGGREGATES_ENABLED: 'true' });
  await server.sql.unsafe(`
    create table public.directors (id int primary key, name text);
    create table public.films (id int primary key, title text, year int, director_id int references public.directors (id));
    create table public.technical_specs (film_id int primary key references public.films (id), camera text);
    create table public.actors (id int primary key, name text);
    create table public.roles (film_id int references public.films (id), actor_id int references public.actors (id), character text,
      primary key (film_id, actor_id));
    create function public.title_upper(public.films) returns text language sql stable as $$ select upper($1.title) $$;
    create function public.first_film(public.directors) returns setof public.films rows 1 language sql stable as $$
      select * from public.films where director_id = $1.id order by year limit 1 $$;
    insert into public.directors values (1, 'Lumière'), (2, 'Méliès');
    insert into public.films values (1, 'Workers', 1895, 1), (2, 'Castle', 1896, 2);
    insert into public.technical_specs values (1, 'Cinématographe');
    insert into public.actors values (1, 'Jehanne');
    insert into public.roles values (2, 1, 'Ghost');
    grant select on all tables in schema public to anon;
    grant execute on function public.title_upper(public.films), public.first_film(public.directors) to anon;
  `).simple();
  await reloadSchema(server, '/roles');
});

afterAll(async () => {
  await server?.close();
});

describe(`fuzz: ${REQUESTS} random requests through the real server`, () => {
  it('answer 2xx or 4xx with a PostgREST error body, never 5xx; the data is unchanged', async () => {
    const before = await server.sql`select (select count(*) from public.films) as films, (select count(*) from public.roles) as roles`;
    const next = random(1616);
    const requests = Array.from({ length: REQUESTS }, () => fuzzRequest(next));
    const statuses: Record<number, number> = {};
    const failures: string[] = [];
    for (let start = 0; start < requests.length; start += 10) {
      await Promise.all(
        requests.slice(start, start + 10).map(async ({ path, query }) => {
          const response = await rest(server, 'GET', `${path}?${query}`);
          statuses[response.status] = (statuses[response.status] ?? 0) + 1;
          const isError = response.status >= 400;
          const shaped = !isError || (typeof (response.json as { code?: unknown })?.code === 'string' && 'message' in (response.json as object));
          if (response.status >= 500 || !shaped) failures.push(`${response.status} ${path}?${decodeURIComponent(query)} ${response.text.slice(0, 200)}`);
        }),
      );
    }
    expect(failures).toEqual([]);
    expect(statuses[200] ?? 0).toBeGreaterThan(REQUESTS / 10);
    expect(await server.sql`select (select count(*) from public.films) as films, (select count(*) from public.roles) as roles`).toEqual(before);
  });
});
