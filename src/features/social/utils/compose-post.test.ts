import { describe, expect, it } from 'vitest';
import { composePost, type ComposerState } from './compose-post';

const accounts = [
  { id: 'b', network: 'bluesky', display_name: 'agency.bsky.social' },
  { id: 'm', network: 'mastodon', display_name: 'agency@mastodon.social' },
];
const NOW = new Date('2030-01-01T12:00:00Z');
const base: ComposerState = { body: 'Hello', selected: ['b', 'm'], variants: {}, scheduleLocal: '' };

describe('composePost', () => {
  it('gives each chosen account the post’s text, as a draft without a moment', () => {
    const composed = composePost(base, accounts, NOW);
    expect(composed.problem).toBeNull();
    expect(composed.scheduledAt).toBeNull();
    expect(composed.channels.map(({ account_id, body }) => ({ account_id, body }))).toEqual([{ account_id: 'b', body: 'Hello' }, { account_id: 'm', body: 'Hello' }]);
  });

  it('uses an account’s own text where it has one', () => {
    expect(composePost({ ...base, variants: { m: 'Hello, fediverse' } }, accounts, NOW).channels[1]!.body).toBe('Hello, fediverse');
  });

  it('needs an account', () => {
    expect(composePost({ ...base, selected: [] }, accounts, NOW).problem).toBe('Choose at least one account to post to.');
  });

  it('ignores a chosen account that is gone', () => {
    expect(composePost({ ...base, selected: ['gone'] }, accounts, NOW).problem).toBe('Choose at least one account to post to.');
  });

  it('names the account whose network refuses the length', () => {
    const long = 'a'.repeat(400);
    expect(composePost({ ...base, body: long }, accounts, NOW).problem).toBe('agency.bsky.social: Bluesky takes 300 characters as people see them (emoji count once): this is 100 too long.');
    // Shortened for Bluesky alone: Mastodon takes 400.
    expect(composePost({ ...base, body: long, variants: { b: 'short' } }, accounts, NOW).problem).toBeNull();
  });

  it('refuses a moment that has passed, and an invalid one', () => {
    expect(composePost({ ...base, scheduleLocal: '2029-12-31T10:00' }, accounts, NOW).problem).toBe('This moment has passed: choose a time in the future.');
    expect(composePost({ ...base, scheduleLocal: 'nonsense' }, accounts, NOW).problem).toBe('Enter a valid date and time.');
  });

  it('schedules at a future moment', () => {
    const composed = composePost({ ...base, scheduleLocal: '2030-02-01T09:00' }, accounts, NOW);
    expect(composed.problem).toBeNull();
    expect(composed.scheduledAt).toBe(new Date(2030, 1, 1, 9, 0).toISOString());
  });
});
