import { readdir } from 'node:fs/promises';
import path from 'node:path';
import { ROOT_DIR } from '../server/src/project-paths';

/**
 * A blog for `npm run lighthouse` to measure, made the way a user makes one, through the server's HTTP API: an
 * owner signs up, opens the blog `lighthouse-blog` and publishes twelve articles (Markdown with headings, a list,
 * code and a quote; a featured image from the build's own images). Returns the paths of the list and one item.
 */
export const LIGHTHOUSE_BLOG = 'lighthouse-blog';

const ARTICLE = `Every launch we plan starts from one page of notes. This one is about the week before a release.

# What we prepare

1. The checklist, shared with everyone.
2. A quiet channel for the day itself.
3. A short note for customers, written in advance.

> Nothing about a launch should be a surprise on the day.

## A small example

\`\`\`sh
npm run build && npm start
\`\`\`

We keep the list short on purpose: [read how we review it](https://example.com/review). Each step has an owner and a
date, and the week ends with a short look back at what went well and what we change next time.
`;

async function call(origin: string, anonKey: string, route: string, body: unknown, token?: string) {
  const response = await fetch(`${origin}${route}`, {
    method: 'POST',
    headers: { apikey: anonKey, authorization: `Bearer ${token ?? anonKey}`, 'content-type': 'application/json', prefer: 'return=representation' },
    body: JSON.stringify(body),
  });
  if (!response.ok) throw new Error(`${route}: ${response.status} ${await response.text()}`);
  return response.json();
}

export async function seedLighthouseBlog(origin: string): Promise<string[]> {
  const shell = await (await fetch(`${origin}/auth`)).text();
  const anonKey = /<meta name="supabase-anon-key" content="([^"]+)"/.exec(shell)?.[1];
  if (!anonKey) throw new Error('no anon key in the app shell');
  const email = `lighthouse-${Date.now()}@example.com`;
  const password = 'lighthouse-password';
  await call(origin, anonKey, '/auth/v1/signup', { email, password, data: { first_name: 'Lee', last_name: 'House', company_name: 'Northwind Outfitters' } });
  const { access_token: token, user } = await call(origin, anonKey, '/auth/v1/token?grant_type=password', { email, password });
  const profiles = await fetch(`${origin}/rest/v1/profiles?select=organization_id&user_id=eq.${user.id}`, {
    headers: { apikey: anonKey, authorization: `Bearer ${token}` },
  }).then((response) => response.json());
  const organizationId = profiles[0].organization_id as string;
  await call(origin, anonKey, '/rest/v1/workspace_blogs', { organization_id: organizationId, slug: LIGHTHOUSE_BLOG }, token);
  const image = (await readdir(path.join(ROOT_DIR, 'dist/client/assets'))).find((file) => /^hero-960-.*\.webp$/.test(file));
  const items = Array.from({ length: 12 }, (_, index) => ({
    organization_id: organizationId,
    user_id: user.id,
    title: `Launch notes ${12 - index}: a calmer week before the release`,
    excerpt: 'What we prepare in the week before a release, and why the list stays short.',
    tags: ['launch', 'planning'],
    featured_image_url: index === 11 && image ? `${origin}/assets/${image}` : null,
    content: ARTICLE,
    status: 'published',
  }));
  const created = (await call(origin, anonKey, '/rest/v1/content_items?select=slug', items, token)) as { slug: string }[];
  return [`/blog/${LIGHTHOUSE_BLOG}`, `/blog/${LIGHTHOUSE_BLOG}/${created.at(-1)!.slug}`];
}
