import { describe, expect, it } from 'vitest';
import type { PublishOutcome } from './social-connector';
import { threadOutcome, threadProblem, type ThreadPart } from './thread-parts';

const published = (id: string): PublishOutcome => ({ status: 'published', url: `https://x/${id}`, externalId: id });
const part = (position: number, body: string): ThreadPart => ({ position, body, status: null, external_id: null, external_cid: null, url: null });

describe('threadOutcome', () => {
  it('a single post keeps its own outcome', () => {
    expect(threadOutcome([published('a')], 1)).toEqual(published('a'));
    expect(threadOutcome([{ status: 'failed', message: 'No.' }], 1)).toEqual({ status: 'failed', message: 'No.' });
  });
  it('a whole thread out: published with the first post, saying how many', () => {
    expect(threadOutcome([published('a'), published('b'), published('c')], 3)).toEqual({ ...published('a'), message: 'A thread of 3 posts.' });
  });
  it('the first post not out: its own outcome', () => {
    expect(threadOutcome([{ status: 'unconfirmed', message: 'No answer.' }], 3)).toEqual({ status: 'unconfirmed', message: 'No answer.' });
  });
  it('a later part refused: failed, saying what is out', () => {
    expect(threadOutcome([published('a'), { status: 'failed', message: 'Too long.' }], 3)).toEqual({
      status: 'failed', message: 'The first post of the thread is out; part 2 of 3: Too long. The rest was not sent.', accountBroken: undefined, rateLimited: undefined,
    });
  });
  it('a later part with no answer: unconfirmed', () => {
    expect(threadOutcome([published('a'), published('b'), { status: 'unconfirmed', message: 'No answer.' }], 3)).toEqual({
      status: 'unconfirmed', message: 'The first 2 posts of the thread are out; part 3 of 3: No answer.',
    });
  });
  it('a later part rate-limited keeps the limit (the channel waits and goes on from that part)', () => {
    const limited: PublishOutcome = { status: 'failed', message: 'Slow down.', rateLimited: { retryAfter: '60', reason: 'r' } };
    expect(threadOutcome([published('a'), limited], 2)).toMatchObject({ status: 'failed', rateLimited: { retryAfter: '60', reason: 'r' } });
  });
});

describe('threadProblem', () => {
  it('names the part over its network’s limit', () => {
    expect(threadProblem('bluesky', [part(0, 'ok'), part(1, 'a'.repeat(301))])).toBe('Part 2 of the thread: Bluesky takes 300 characters as people see them (emoji count once): this is 1 too long.');
    expect(threadProblem('bluesky', [part(0, 'a'.repeat(301))])).toMatch(/^Bluesky takes 300/);
    expect(threadProblem('mastodon', [part(0, 'ok'), part(1, 'a'.repeat(500))])).toBeNull();
    expect(threadProblem('mastodon', [part(0, 'ok'), part(1, '  ')])).toBe('Part 2 of the thread: Write something to post.');
  });
});
