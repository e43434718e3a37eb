// The cases of `npm run bench:api` and the data they read: 1,000 content items of one signed-in user.
import type { Sql } from '../server/src/db/client';
import { insertUser } from '../server/src/modules/auth/user-store';
import { sessionToken } from './bench-support';

export const ITEMS = 1000;
const UNUSABLE_HASH = '$2a$10$invalidinvalidinvalidinvalidinvalidinvalidinvalidinva';

export interface BenchCase {
  name: string;
  path: string;
  query: string;
  /** The statement of the ceiling; null: the statement the server builds for the request. */
  ceilingSql: string | null;
  /** What the ceiling's body must look like (a cheap check that it did the work). */
  check: (body: string) => boolean;
}

export const CASES: BenchCase[] = [
  {
    name: 'list',
    path: '/content_items',
    query: 'select=*&order=created_at.desc&limit=50',
    ceilingSql: null,
    check: (body) => body.length > 100,
  },
  {
    name: 'embed',
    path: '/content_items',
    query: 'select=id,title,status,created_at,author:profiles(first_name,last_name)&order=created_at.desc&limit=50',
    // What a careful person writes by hand for the same answer: a left join to the author, JSON built by PostgreSQL.
    ceilingSql:
      `select null::int as total, count(t)::int as page_total, coalesce(json_agg(t), '[]')::text as body from (` +
      `select c.id, c.title, c.status, c.created_at, ` +
      `case when p.user_id is null then null else json_build_object('first_name', p.first_name, 'last_name', p.last_name) end as author ` +
      `from public.content_items c left join public.profiles p on p.user_id = c.user_id ` +
      `order by c.created_at desc limit 50) t`,
    check: (body) => (JSON.parse(body) as { author: { first_name: string } | null }[])[0]?.author?.first_name === 'Bench',
  },
];


export async function seed(sql: Sql, jwtSecret: string): Promise<{ token: string; claims: Record<string, unknown> }> {
  const user = await insertUser(sql, {
    email: 'bench@example.com',
    passwordHash: UNUSABLE_HASH,
    userMetadata: { first_name: 'Bench', last_name: 'User', company_name: 'Bench Co' },
    confirmed: true,
  });
  await sql`
    insert into public.content_items (organization_id, user_id, title, content_type, status, content, excerpt, tags, created_at)
    select p.organization_id, p.user_id, 'Item ' || g, 'article', 'published', repeat('Body text. ', 20), 'Excerpt ' || g,
           array['tag' || (g % 7), 'web'], now()
    from public.profiles p, generate_series(1, ${ITEMS}) g
    where p.user_id = ${user.id}`;
  // The insert trigger stamps created_at = now(); spread the items over time so the order is meaningful.
  await sql`update public.content_items set created_at = now() - make_interval(mins => substr(title, 6)::int)`;
  // The embed case's relationship (bench only): each item's author profile.
  await sql`alter table public.content_items add constraint content_items_author_profile_fkey
            foreign key (user_id) references public.profiles (user_id)`;
  await sql`analyze public.content_items`;
  await sql`notify pgrst, 'reload schema'`;
  return sessionToken(sql, user, jwtSecret);
}

