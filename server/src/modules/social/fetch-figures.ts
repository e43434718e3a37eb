import type { Sql } from '../../db/client';
import type { OutboundClient } from '../../lib/outbound/outbound-client';
import { blueskyFigures } from './bluesky-figures';
import { mastodonFigures } from './mastodon-figures';
import type { FiguresFetcher } from './post-figures';
import type { SocialCredential } from './social-connector';
import { open, type TokenKeyring } from './token-seal';

const fetchers: Record<string, FiguresFetcher> = { bluesky: blueskyFigures, mastodon: mastodonFigures };

interface ChannelRow {
  channel_id: string;
  account_id: string;
  network: string;
  sealed: string;
  external_id: string;
}

/** Channels grouped by account, in the order given (pure). */
export function byAccount<T extends { account_id: string }>(rows: T[]): T[][] {
  const groups = new Map<string, T[]>();
  for (const row of rows) groups.set(row.account_id, [...(groups.get(row.account_id) ?? []), row]);
  return [...groups.values()];
}

/**
 * The figures of one workspace's published posts (docs/decisions/0022-social-hub.md, figures): its channels only
 * (private.social_channels_for_figures(workspace)), one sign-in per account, every answer recorded through
 * private.record_social_post_figures (which refuses another workspace's channel). Returns how many got figures.
 */
export async function fetchWorkspaceFigures(input: { sql: Sql; outbound: OutboundClient; keyring: TokenKeyring; workspaceId: string; signal?: AbortSignal }): Promise<number> {
  const { sql, workspaceId } = input;
  const rows = await sql<ChannelRow[]>`select channel_id, account_id, network, sealed, external_id from private.social_channels_for_figures(${workspaceId})`;
  let fetched = 0;
  for (const channels of byAccount(rows)) {
    const first = channels[0]!;
    const fetcher = fetchers[first.network];
    if (!fetcher) continue;
    let answer;
    try {
      const credential = open<SocialCredential>(input.keyring, first.account_id, first.sealed);
      answer = await fetcher.fetch(credential, channels.map((channel) => channel.external_id), { outbound: input.outbound, signal: input.signal });
    } catch (error) {
      answer = new Map(channels.map((channel) => [channel.external_id, { message: `The account’s stored credentials cannot be used (${(error as Error).message}).` }]));
    }
    for (const channel of channels) {
      const figures = answer.get(channel.external_id) ?? { message: 'The network said nothing of this post.' };
      if ('message' in figures) {
        await sql`select private.record_social_post_figures(${workspaceId}, ${channel.channel_id}, null, null, null, ${figures.message})`;
      } else {
        await sql`select private.record_social_post_figures(${workspaceId}, ${channel.channel_id}, ${figures.likes}, ${figures.reposts}, ${figures.replies}, null)`;
        fetched += 1;
      }
    }
  }
  return fetched;
}
