import type { OutboundClient } from '../../lib/outbound/outbound-client';
import type { SocialCredential } from './social-connector';

/** What a network says of one published post. */
export interface PostFigures {
  likes: number;
  reposts: number;
  replies: number;
}

/** Per post id on the network: its figures, or why there are none (in plain words). */
export type FiguresAnswer = Map<string, PostFigures | { message: string }>;

export interface FiguresFetcher {
  /** The figures of one account's posts (ids as the network gave them when publishing); never throws. */
  fetch(credential: SocialCredential, externalIds: string[], context: { outbound: OutboundClient; signal?: AbortSignal }): Promise<FiguresAnswer>;
}

/** A count from a network's JSON: a whole number ≥ 0, else 0 (pure). */
export function count(value: unknown): number {
  return typeof value === 'number' && Number.isFinite(value) && value > 0 ? Math.floor(value) : 0;
}

/** Every id answered with the same reason (the account could not be used, the network did not answer). */
export function allWith(externalIds: string[], message: string): FiguresAnswer {
  return new Map(externalIds.map((id) => [id, { message }]));
}

/** Splits a list into chunks of at most `size` (pure): Bluesky's getPosts takes 25 URIs at a time. */
export function chunks<T>(items: T[], size: number): T[][] {
  const out: T[][] = [];
  for (let index = 0; index < items.length; index += size) out.push(items.slice(index, index + size));
  return out;
}
