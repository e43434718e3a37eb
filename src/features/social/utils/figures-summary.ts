import type { PublishedChannel } from '@/features/social/api/get-social-figures';

export interface FiguresTotals {
  posts: number;
  likes: number;
  reposts: number;
  replies: number;
  clicks: number;
}

export interface PostFiguresRow {
  id: string;
  accountId: string;
  body: string;
  url: string | null;
  likes: number;
  reposts: number;
  replies: number;
  /** Visits through the post's UTM-tagged links (first-party analytics). */
  clicks: number;
  /** Not fetched yet, or why the last fetch brought nothing. */
  note: 'pending' | string | null;
}

/**
 * What the figures card shows (pure): the spec's samples (marked) only for a workspace that has published nothing;
 * otherwise its published posts per account with their figures, and the totals over them.
 */
export function summarizeFigures(channels: readonly PublishedChannel[]): { kind: 'sample' } | { kind: 'real'; totals: FiguresTotals; rows: PostFiguresRow[] } {
  if (channels.length === 0) return { kind: 'sample' };
  const rows = channels.map((channel): PostFiguresRow => {
    const figures = channel.social_post_figures;
    return {
      id: channel.id, accountId: channel.account_id, body: channel.body, url: channel.published_url,
      likes: figures?.likes ?? 0, reposts: figures?.reposts ?? 0, replies: figures?.replies ?? 0, clicks: channel.clicks ?? 0,
      note: figures?.fetch_message ?? (figures?.fetched_at ? null : 'pending'),
    };
  });
  const totals = rows.reduce(
    (sum, row) => ({ posts: sum.posts + 1, likes: sum.likes + row.likes, reposts: sum.reposts + row.reposts, replies: sum.replies + row.replies, clicks: sum.clicks + row.clicks }),
    { posts: 0, likes: 0, reposts: 0, replies: 0, clicks: 0 },
  );
  return { kind: 'real', totals, rows };
}
