import { describe, expect, it } from 'vitest';
import { summarizeFigures } from '@/features/social/utils/figures-summary';

const channel = (id: string, figures: { likes: number; reposts: number; replies: number; fetched_at: string | null; fetch_message: string | null } | null, clicks = 0) => ({
  id, account_id: 'a', body: 'Post', published_url: null, finished_at: '2026-11-28T12:00:00Z', social_post_figures: figures, clicks,
});

describe('summarizeFigures', () => {
  it('is the sample when nothing is published', () => {
    expect(summarizeFigures([])).toEqual({ kind: 'sample' });
  });

  it('adds up the fetched figures, a post not fetched yet counting 0 and marked pending', () => {
    const summary = summarizeFigures([
      channel('1', { likes: 2, reposts: 1, replies: 4, fetched_at: '2026-11-28T12:05:00Z', fetch_message: null }, 5),
      channel('2', null, 2),
      channel('3', { likes: 0, reposts: 0, replies: 0, fetched_at: null, fetch_message: 'Bluesky did not give figures (HTTP 502).' }),
    ]);
    expect(summary).toMatchObject({ kind: 'real', totals: { posts: 3, likes: 2, reposts: 1, replies: 4, clicks: 7 } });
    expect(summary.kind === 'real' && summary.rows.map((row) => row.clicks)).toEqual([5, 2, 0]);
    expect(summary.kind === 'real' && summary.rows.map((row) => row.note)).toEqual([null, 'pending', 'Bluesky did not give figures (HTTP 502).']);
  });
});
