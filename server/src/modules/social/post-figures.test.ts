import { describe, expect, it } from 'vitest';
import { byAccount } from './fetch-figures';
import { mastodonStatusFigures } from './mastodon-figures';
import { allWith, chunks, count } from './post-figures';

describe('count: a figure from a network’s JSON', () => {
  it.each([
    [3, 3], [0, 0], [-1, 0], [2.7, 2], ['5', 0], [null, 0], [undefined, 0], [Number.NaN, 0], [Number.POSITIVE_INFINITY, 0],
  ])('%s → %s', (value, expected) => expect(count(value)).toBe(expected));
});

describe('chunks and grouping', () => {
  it('splits 60 URIs into 25, 25 and 10 (getPosts takes 25)', () => {
    expect(chunks(Array.from({ length: 60 }, (_, i) => i), 25).map((chunk) => chunk.length)).toEqual([25, 25, 10]);
    expect(chunks([], 25)).toEqual([]);
  });

  it('groups channels by account, keeping their order', () => {
    const rows = [{ account_id: 'a', n: 1 }, { account_id: 'b', n: 2 }, { account_id: 'a', n: 3 }];
    expect(byAccount(rows)).toEqual([[rows[0], rows[2]], [rows[1]]]);
  });

  it('answers every id with one reason', () => {
    expect([...allWith(['x', 'y'], 'no').entries()]).toEqual([['x', { message: 'no' }], ['y', { message: 'no' }]]);
  });
});

describe('mastodonStatusFigures: an answer to GET /api/v1/statuses/:id', () => {
  it.each([
    ['200 Status', 200, { favourites_count: 4, reblogs_count: 2, replies_count: 1 }, { likes: 4, reposts: 2, replies: 1 }],
    ['200 without counts', 200, { id: '1' }, { likes: 0, reposts: 0, replies: 0 }],
    ['404 deleted', 404, { error: 'Record not found' }, { message: 'Mastodon no longer has this post (deleted).' }],
    ['401 token', 401, { error: 'The access token is invalid' }, { message: 'Mastodon refused the account’s token (HTTP 401). Reconnect the account.' }],
    ['429 throttled', 429, { error: 'Too many requests' }, { message: 'Mastodon is limiting this account’s requests (HTTP 429); figures come with the next fetch.' }],
    ['503', 503, {}, { message: 'Mastodon answered HTTP 503 instead of the figures.' }],
  ])('%s', (_name, status, body, expected) => {
    expect(mastodonStatusFigures(status, Buffer.from(JSON.stringify(body)))).toEqual(expected);
  });

  it('says so when a 200 is not JSON', () => {
    expect(mastodonStatusFigures(200, Buffer.from('<html>'))).toEqual({ message: 'Mastodon answered with something that is not a status.' });
  });
});
