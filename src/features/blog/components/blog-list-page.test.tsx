import { screen } from '@testing-library/react';
import { beforeEach, describe, expect, it, vi } from 'vitest';
import { BlogListPage } from '@/features/blog/components/blog-list-page';
import { supabase } from '@/lib/supabase';
import type { FakeResult, FakeSupabase, QueryCall } from '@/testing/fake-supabase';
import { renderRoutes } from '@/testing/render';

vi.mock('@/lib/supabase', async () => {
  const { createFakeSupabase } = await import('@/testing/fake-supabase');
  const fake = createFakeSupabase();
  return { supabase: Object.assign(fake.client, { fake }) };
});

const fake = (supabase as unknown as { fake: FakeSupabase }).fake;
let postCount: number | null;

const post = (n: number) => ({
  slug: `article-${n}`, title: `Article ${n}`, excerpt: n === 1 ? 'The first.' : null, featured_image_url: null,
  tags: n === 1 ? ['news'] : [], published_at: '2026-03-01T10:00:00Z', updated_at: '2026-03-01T10:00:00Z',
});

function respond(call: QueryCall): FakeResult | undefined {
  if (call.table === 'rpc:get_public_blog') {
    return { data: postCount === null ? [] : [{ slug: 'northwind', name: 'Northwind Journal', post_count: postCount, last_published_at: null, version: 'v' }], error: null };
  }
  if (call.table === 'rpc:get_public_blog_posts') return { data: Array.from({ length: Math.min(postCount ?? 0, 10) }, (_, i) => post(i + 1)), error: null };
  return undefined;
}

const renderList = (page: number | undefined) =>
  renderRoutes([{ path: '/blog/northwind', element: <BlogListPage blogSlug="northwind" page={page} /> }], '/blog/northwind');

beforeEach(() => {
  fake.reset();
  fake.respondWith(respond);
});

describe('BlogListPage (the SPA’s rendering on hosted Supabase)', () => {
  it('lists the page’s items with date, excerpt and tags, and the pages around it', async () => {
    postCount = 25;
    renderList(2);
    expect(await screen.findByRole('heading', { level: 1, name: 'Northwind Journal – page 2' })).toBeInTheDocument();
    expect(screen.getByRole('link', { name: 'Article 1' })).toHaveAttribute('href', '/blog/northwind/article-1');
    expect(screen.getAllByText('March 1, 2026')).toHaveLength(10);
    expect(screen.getByRole('list', { name: 'Tags of Article 1' })).toHaveTextContent('news');
    expect(screen.getByText('Page 2 of 3')).toBeInTheDocument();
    expect(screen.getByRole('link', { name: 'Newer articles' })).toHaveAttribute('href', '/blog/northwind');
    expect(screen.getByRole('link', { name: 'Older articles' })).toHaveAttribute('href', '/blog/northwind?page=3');
    expect(fake.calls.find((call) => call.table === 'rpc:get_public_blog_posts')?.values).toEqual({ blog_slug: 'northwind', page_number: 2, page_size: 10 });
  });

  it('says so when nothing is published yet', async () => {
    postCount = 0;
    renderList(1);
    expect(await screen.findByText('Nothing has been published here yet.')).toBeInTheDocument();
  });

  it.each([
    ['an unknown blog', null, 1],
    ['a page past the last', 3, 2],
    ['a page that is not a number', 3, undefined],
  ])('shows the not-found page for %s', async (_case, count, page) => {
    postCount = count;
    renderList(page);
    expect(await screen.findByRole('heading', { level: 1, name: 'Not found' })).toBeInTheDocument();
  });

  it('shows a load failure with a retry', async () => {
    fake.respondWith(() => ({ data: null, error: { message: 'Failed to fetch' } }));
    renderList(1);
    expect(await screen.findByRole('alert')).toHaveTextContent('The blog could not be loaded.');
    expect(screen.getByRole('button', { name: 'Try again' })).toBeInTheDocument();
  });
});
