import { screen, within } from '@testing-library/react';
import { beforeEach, describe, expect, it, vi } from 'vitest';
import { FiguresCard } from '@/features/social/components/figures-card';
import { supabase } from '@/lib/supabase';
import type { FakeSupabase, QueryCall } from '@/testing/fake-supabase';
import { renderRoutes } from '@/testing/render';

vi.mock('@/lib/supabase', async () => {
  const { createFakeSupabase } = await import('@/testing/fake-supabase');
  const fake = createFakeSupabase();
  return { supabase: Object.assign(fake.client, { fake }) };
});

const fake = (supabase as unknown as { fake: FakeSupabase }).fake;
let published: unknown[];

const channel = (id: string, account_id: string, body: string, figures: Record<string, unknown> | null) => ({
  id, account_id, body, published_url: `https://bsky.app/profile/agency.bsky.social/post/${id}`, finished_at: '2026-11-28T12:00:00Z', social_post_figures: figures,
});

beforeEach(() => {
  fake.reset();
  published = [];
  fake.respondWith((call: QueryCall) => {
    if (call.table === 'social_post_channels') return { data: published, error: null };
    if (call.table === 'rpc:social_post_clicks') return { data: [{ channel_id: 'c1', clicks: 9 }, { channel_id: 'c3', clicks: 1 }], error: null };
    if (call.table === 'social_accounts') return { data: [{ id: 'b', display_name: 'agency.bsky.social', network: 'bluesky' }, { id: 'm', display_name: 'agency@mastodon.social', network: 'mastodon' }], error: null };
    return undefined;
  });
});

const renderCard = () => renderRoutes([{ path: '/', element: <FiguresCard workspaceId="acme" /> }]);

describe('the Social Hub’s figures card', () => {
  it('shows the spec’s sample figures, marked, to a workspace that has published nothing', async () => {
    renderCard();
    expect(await screen.findByText('Sample data')).toBeInTheDocument();
    expect(screen.getByText('45.2K')).toBeInTheDocument();
    expect(screen.getByText(/Nothing published yet/)).toBeInTheDocument();
    const query = fake.calls.find((call) => call.table === 'social_post_channels')!;
    expect(query.filters).toEqual(expect.arrayContaining([['organization_id', 'acme'], ['status', 'published']]));
  });

  it('shows real totals and figures per post and account, and no sample, once something is published', async () => {
    published = [
      channel('c1', 'b', 'Spring launch', { likes: 12, reposts: 3, replies: 2, fetched_at: '2026-11-28T12:05:00Z', fetch_message: null }),
      channel('c2', 'm', 'Spring launch', { likes: 5, reposts: 1, replies: 0, fetched_at: '2026-11-28T12:05:00Z', fetch_message: 'Mastodon no longer has this post (deleted).' }),
      channel('c3', 'b', 'Just out', null),
    ];
    renderCard();
    const card = await screen.findByRole('region', { name: 'Engagement' });
    expect(screen.queryByText('Sample data')).not.toBeInTheDocument();
    expect(screen.queryByText('45.2K')).not.toBeInTheDocument();
    const total = (label: string) => within(card).getByText(label).closest('li')!;
    expect(total('Posts published')).toHaveTextContent('3');
    expect(total('Likes')).toHaveTextContent('17');
    expect(total('Reposts and boosts')).toHaveTextContent('4');
    expect(total('Replies')).toHaveTextContent('2');
    expect(total('Clicks to your sites')).toHaveTextContent('10');
    expect(within(card).getByLabelText('12 likes, 3 reposts, 2 replies, 9 clicks')).toBeInTheDocument();
    expect(within(card).getByLabelText('5 likes, 1 reposts, 0 replies, 0 clicks')).toBeInTheDocument();
    expect(within(card).getByText(/agency@mastodon\.social · Mastodon no longer has this post \(deleted\)\./)).toBeInTheDocument();
    expect(within(card).getByText(/agency\.bsky\.social · Figures come with the next fetch\./)).toBeInTheDocument();
  });
});
