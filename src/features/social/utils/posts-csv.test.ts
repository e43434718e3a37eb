import { describe, expect, it } from 'vitest';
import { mapPostRow, parseImportMoment, splitAccountNames, type ImportAccount } from '@/features/social/utils/posts-csv';

const accounts: ImportAccount[] = [
  { id: 'bsky', network: 'bluesky', display_name: 'studio.bsky.social', status: 'connected' },
  { id: 'masto', network: 'mastodon', display_name: '@studio@mastodon.social', status: 'reconnect' },
  { id: 'hook', network: 'webhook', display_name: 'n8n', status: 'connected' },
  { id: 'gone', network: 'bluesky', display_name: 'old.bsky.social', status: 'failed' },
];
const now = new Date('2026-11-28T12:00:00Z');
const map = (input: Parameters<typeof mapPostRow>[0], zone = 'Europe/Berlin') => mapPostRow(input, accounts, zone, now);

describe('parseImportMoment', () => {
  it('reads a day and time in the workspace’s zone (Berlin is UTC+1 in December)', () => {
    expect(parseImportMoment('2026-12-01 09:30', 'Europe/Berlin')?.toISOString()).toBe('2026-12-01T08:30:00.000Z');
  });
  it('takes a T between day and time, seconds and a one-digit hour', () => {
    expect(parseImportMoment('2026-12-01T9:05:00', 'UTC')?.toISOString()).toBe('2026-12-01T09:05:00.000Z');
  });
  it('refuses a day that does not exist, a time past 23:59, and other formats', () => {
    expect(parseImportMoment('2026-02-30 09:00', 'UTC')).toBeNull();
    expect(parseImportMoment('2026-12-01 24:00', 'UTC')).toBeNull();
    expect(parseImportMoment('01/12/2026 09:00', 'UTC')).toBeNull();
    expect(parseImportMoment('tomorrow', 'UTC')).toBeNull();
  });
});

describe('splitAccountNames', () => {
  it('splits on commas, semicolons and line breaks, drops blanks and repeats (with or without @, any case)', () => {
    expect(splitAccountNames('studio.bsky.social; n8n,\n@Studio.bsky.social, ')).toEqual(['studio.bsky.social', 'n8n']);
  });
});

describe('mapPostRow', () => {
  it('a line for two accounts with a moment: a channel each with the post’s text, the moment in UTC', () => {
    expect(map({ text: 'Hello', accounts: 'studio.bsky.social, n8n', scheduled: '2026-12-01 09:30' })).toEqual({
      ok: true,
      value: { body: 'Hello', channels: [{ account_id: 'bsky', body: 'Hello' }, { account_id: 'hook', body: 'Hello' }], scheduledAt: '2026-12-01T08:30:00.000Z' },
    });
  });
  it('no moment: a draft', () => {
    expect(map({ text: 'Later', accounts: 'n8n' })).toMatchObject({ ok: true, value: { scheduledAt: null } });
  });
  it('a network’s own column replaces the text for that network’s accounts only', () => {
    const mapped = map({ text: 'Long text', accounts: 'studio.bsky.social, @studio@mastodon.social', bluesky: 'Short' });
    expect(mapped).toMatchObject({ ok: true, value: { channels: [{ account_id: 'bsky', body: 'Short' }, { account_id: 'masto', body: 'Long text' }] } });
  });
  it('an account needing reconnecting may still get posts (they wait for it); a failed one may not', () => {
    expect(map({ text: 'x', accounts: '@studio@mastodon.social' }).ok).toBe(true);
    expect(map({ text: 'x', accounts: 'old.bsky.social' })).toEqual({ ok: false, messages: ['Accounts: old.bsky.social could not be connected: connect it again first.'] });
  });
  it('an account the workspace does not have is named', () => {
    expect(map({ text: 'x', accounts: 'n8n, someone.else' })).toEqual({ ok: false, messages: ['Accounts: "someone.else" is not an account connected to this workspace.'] });
  });
  it('no text and no account: both said', () => {
    expect(map({ text: ' ', accounts: '' })).toEqual({ ok: false, messages: ['Text: write something to post.', 'Accounts: name at least one account to post to.'] });
  });
  it('too long for Bluesky (300 graphemes) but fine for the webhook: the Bluesky version is refused, in the composer’s words', () => {
    const mapped = map({ text: 'a'.repeat(301), accounts: 'studio.bsky.social, n8n' });
    expect(mapped).toEqual({ ok: false, messages: ['Text for studio.bsky.social: Bluesky takes 300 characters as people see them (emoji count once): this is 1 too long.'] });
  });
  it('the network’s own column is checked and named when it is the one too long', () => {
    const mapped = map({ text: 'ok', accounts: 'studio.bsky.social', bluesky: '🙂'.repeat(301) });
    expect(mapped.ok).toBe(false);
    expect(mapped.ok ? [] : mapped.messages[0]).toMatch(/^Bluesky text for studio\.bsky\.social: Bluesky takes 300/);
  });
  it('Mastodon counts a link as 23 characters, as the composer does', () => {
    const text = `${'a'.repeat(470)} https://example.com/${'x'.repeat(100)}`;
    expect(map({ text, accounts: '@studio@mastodon.social' }).ok).toBe(true);
  });
  it('a moment that is not a date, and one that has passed, in the workspace’s zone', () => {
    expect(map({ text: 'x', accounts: 'n8n', scheduled: 'next week' })).toEqual({ ok: false, messages: ['Scheduled time: "next week" is not a date and time like 2026-12-01 09:30 (Europe/Berlin).'] });
    // 12:30 in Berlin is 11:30 UTC: already past at 12:00 UTC.
    expect(map({ text: 'x', accounts: 'n8n', scheduled: '2026-11-28 12:30' })).toEqual({ ok: false, messages: ['Scheduled time: 2026-11-28 12:30 (Europe/Berlin) has passed: choose a time in the future.'] });
    expect(map({ text: 'x', accounts: 'n8n', scheduled: '2026-11-28 12:30' }, 'UTC').ok).toBe(true);
  });
});
