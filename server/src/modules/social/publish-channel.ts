import { checkPostLength, type SocialNetwork } from '../../../../src/features/social/network-rules';
import { tagLinks } from '../../../../src/features/social/utm-tags';
import type { Sql } from '../../db/client';
import type { OutboundClient } from '../../lib/outbound/outbound-client';
import type { ObjectStore } from '../../jobs/assets/object-store';
import { connectors } from './connectors';
import { networkLimits, retryMoment } from './network-limits';
import { loadPostMedia, type LoadedMedia } from './post-media';
import type { PostRef, PostToSend, PublishOutcome, SocialCredential } from './social-connector';
import { threadProblem, threadOutcome, type ThreadPart } from './thread-parts';
import { open, TokenSealError, type TokenKeyring } from './token-seal';

export interface PublishChannelInput {
  sql: Sql;
  outbound: OutboundClient;
  keyring: TokenKeyring;
  workspaceId: string;
  channelId: string;
  /** The moment the job was queued for, as the database wrote it (text: microseconds kept). */
  plannedAt: string;
  /** Storage, to read the post's images (post-media.ts). */
  objects?: ObjectStore;
  signal?: AbortSignal;
}

interface Claim {
  outcome: 'claimed' | 'unconfirmed' | 'not_due' | 'gone' | 'account';
  network: SocialNetwork | null;
  account_id: string | null;
  sealed: string | null;
  body: string | null;
  post_id: string | null;
}

/** What a run did: the claim's outcome or the recorded status, and when to come back if the account must wait. */
export interface PublishRun {
  outcome: string;
  /** `waiting` (the account's limit or a 429): the job comes back then; other accounts' jobs run meanwhile. */
  retryAt?: Date;
}

/**
 * One post on one account, exactly once (docs/decisions/0022-social-hub.md):
 *   0. the account's turn (its network's limits, server/src/modules/social/network-limits.ts, and any 429 hold):
 *      none yet → `waiting` until the moment it frees, said on the post; nothing claimed or sent;
 *   1. claim (committed before any network call): the channel becomes `attempting` — or, found `attempting` already
 *      (a worker died mid-request), `unconfirmed`, and nothing is sent: never retried automatically;
 *   2. the network call, with no transaction open;
 *   3. the outcome recorded: published with its URL, failed with the network's answer, or unconfirmed — except a
 *      429 (the network did not publish it): the channel is scheduled again and its account held until the moment
 *      the network named (`waiting`), without touching other accounts.
 */
export async function publishChannel(input: PublishChannelInput): Promise<PublishRun> {
  const { sql, workspaceId, channelId } = input;
  const [turn] = await sql<{ network: SocialNetwork }[]>`
    select a.network from public.social_post_channels c join public.social_accounts a on a.id = c.account_id
    where c.id = ${channelId} and c.organization_id = ${workspaceId}`;
  if (turn) {
    const [wait] = await sql<{ until: Date | null }[]>`
      select private.take_social_publishing_turn(${workspaceId}, ${channelId}, ${sql.json(networkLimits[turn.network] as never)}) as until`;
    if (wait?.until) return { outcome: 'waiting', retryAt: new Date(wait.until) };
  }
  // The post's images are read before the claim: a Storage failure retries the job with nothing claimed or sent.
  const media = await loadPostMedia(sql, input.objects, workspaceId, channelId);
  const [claim] = await sql<Claim[]>`
    select c.outcome, c.network, c.account_id, c.sealed, c.body, ch.post_id
    from private.claim_social_post_channel(${workspaceId}, ${channelId}, ${input.plannedAt}::text::timestamptz) c
    left join public.social_post_channels ch on ch.id = ${channelId}`;
  if (!claim || claim.outcome !== 'claimed') return { outcome: claim?.outcome ?? 'gone' };

  const outcome = await sendThread(input, claim, media);
  if (outcome.status === 'failed' && outcome.rateLimited) {
    const until = retryMoment(outcome.rateLimited.retryAfter, new Date());
    const [held] = await sql<{ held: boolean }[]>`select private.hold_social_account(${workspaceId}, ${channelId}, ${until}, ${outcome.rateLimited.reason}) as held`;
    if (held?.held) return { outcome: 'waiting', retryAt: until };
  }
  await sql`
    select private.record_social_post_channel_outcome(${workspaceId}, ${channelId}, ${outcome.status},
      ${outcome.status === 'published' ? outcome.url : null}, ${outcome.status === 'published' ? outcome.externalId : null},
      ${outcome.status === 'published' ? (outcome.message ?? null) : outcome.message},
      ${outcome.status === 'failed' && outcome.accountBroken ? 'reconnect' : null})`;
  return { outcome: outcome.status };
}

/**
 * The channel's text and its thread's parts, each exactly once (decision 0022, session 8): a part recorded published
 * is never sent again (a person's "send again" after an unconfirmed outcome goes on from the first part not out);
 * each part is written `attempting` (committed) before its request, so a worker that dies mid-part leaves the channel
 * `attempting` and the next run marks it unconfirmed without sending. The webhook channel takes all parts in one send.
 */
async function sendThread(input: PublishChannelInput, claim: Claim, media: LoadedMedia): Promise<PublishOutcome> {
  const { sql, workspaceId, channelId } = input;
  const parts = await sql<ThreadPart[]>`
    select part_position as position, body, status, external_id, external_cid, url from private.social_post_parts_for_job(${workspaceId}, ${channelId})`;
  const network = claim.network!;
  const problem = threadProblem(network, parts);
  if (problem) return { status: 'failed', message: `Not sent: ${problem}` };
  if (parts.length <= 1 || connectors[network]!.threads === 'payload') return send(input, claim, media, { parts: parts.slice(1).map((part) => part.body) });
  await sql`select private.forget_unsent_social_post_parts(${workspaceId}, ${channelId})`;
  const outcomes: PublishOutcome[] = [];
  let root: PostRef | null = null;
  let parent: PostRef | null = null;
  for (const part of parts) {
    let outcome: PublishOutcome;
    if (part.status === 'published' && part.external_id) {
      outcome = { status: 'published', url: part.url, externalId: part.external_id, cid: part.external_cid };
    } else {
      await sql`select private.record_social_post_part(${workspaceId}, ${channelId}, ${part.position}, 'attempting')`;
      const reply = root && parent ? { position: part.position, key: `${channelId}:${part.position}`, root, parent } : undefined;
      outcome = await send(input, { ...claim, body: part.body }, part.position === 0 ? media : { ...media, media: [], link: null }, { reply });
      if (outcome.status === 'published') {
        await sql`select private.record_social_post_part(${workspaceId}, ${channelId}, ${part.position}, 'published', ${outcome.externalId}, ${outcome.cid ?? null}, ${outcome.url})`;
      }
    }
    outcomes.push(outcome);
    if (outcome.status !== 'published') break;
    const ref = { externalId: outcome.externalId, cid: outcome.cid ?? null };
    root ??= ref;
    parent = ref;
  }
  return threadOutcome(outcomes, parts.length);
}

async function send(input: PublishChannelInput, claim: Claim, media: LoadedMedia, extra: { reply?: PostToSend['reply']; parts?: string[] } = {}): Promise<PublishOutcome> {
  const network = claim.network!;
  let credential: SocialCredential;
  try {
    credential = open<SocialCredential>(input.keyring, claim.account_id!, claim.sealed ?? '');
  } catch (error) {
    const reason = error instanceof TokenSealError ? error.message : String(error);
    return { status: 'failed', accountBroken: true, message: `Not sent: the account’s stored credentials cannot be used (${reason}). Reconnect the account.` };
  }
  const length = checkPostLength(network, claim.body ?? '');
  if (!length.ok) return { status: 'failed', message: `Not sent: ${length.message}` };
  const mediaProblem = media.problem ?? media.check(network);
  if (mediaProblem) return { status: 'failed', message: `Not sent: ${mediaProblem}` };
  // Links go out UTM-tagged (so analytics counts the post's clicks), unless the tags would make it too long.
  const tagged = tagLinks(claim.body!, network, claim.post_id!);
  const text = checkPostLength(network, tagged).ok ? tagged : claim.body!;
  try {
    return await connectors[network]!.publish(credential, { channelId: input.channelId, postId: claim.post_id!, text, scheduledAt: input.plannedAt, media: media.media, link: media.link, ...extra }, { outbound: input.outbound, signal: input.signal });
  } catch (error) {
    // A connector never throws by contract; if one does, the request may have gone out.
    return { status: 'unconfirmed', message: `Sending stopped unexpectedly (${error instanceof Error ? error.message : String(error)}), so the post may or may not be out.` };
  }
}
