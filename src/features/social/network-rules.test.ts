import { describe, expect, it } from 'vitest';
import { checkPostLength, countGraphemes, countMastodon } from './network-rules';

describe('countGraphemes (Bluesky)', () => {
  it.each([
    ['plain text', 'hello', 5],
    ['an emoji with a skin tone is one', '👍🏽', 1],
    ['a family emoji (ZWJ sequence) is one', '👨‍👩‍👧‍👦', 1],
    ['a flag is one', '🇩🇪', 1],
    ['a combining accent joins its letter', 'e\u0301', 1],
    ['empty', '', 0],
  ])('%s', (_name, text, expected) => {
    expect(countGraphemes(text)).toBe(expected);
  });
});

describe('countMastodon', () => {
  it.each([
    ['plain text', 'hello', 5],
    ['a long URL counts as 23', `see https://example.com/${'a'.repeat(100)}`, 4 + 23],
    ['a short URL counts as 23 too', 'https://a.io', 23],
    ['two URLs', 'https://a.io https://b.io/x', 23 + 1 + 23],
    ['a trailing full stop is not part of the URL', 'go https://a.io.', 3 + 23 + 1],
    ['a remote mention counts as its user part', 'hi @alice@mastodon.social', 3 + 6],
    ['a local mention counts whole', 'hi @alice', 9],
    ['an emoji is one code point', '🎉', 1],
  ])('%s', (_name, text, expected) => {
    expect(countMastodon(text)).toBe(expected);
  });
});

describe('checkPostLength', () => {
  it('accepts 300 graphemes on Bluesky and refuses 301, saying by how many', () => {
    expect(checkPostLength('bluesky', '👍🏽'.repeat(300))).toMatchObject({ ok: true, used: 300, left: 0 });
    const over = checkPostLength('bluesky', 'a'.repeat(301));
    expect(over).toMatchObject({ ok: false, used: 301, left: -1 });
    expect(over.message).toBe('Bluesky takes 300 characters as people see them (emoji count once): this is 1 too long.');
  });

  it('refuses a Bluesky text of 300 graphemes beyond 3,000 bytes', () => {
    // A family emoji is one grapheme of 25 bytes.
    expect(checkPostLength('bluesky', '👨‍👩‍👧‍👦'.repeat(200))).toMatchObject({ ok: false, message: 'Bluesky takes at most 3000 bytes: shorten the text.' });
  });

  it('counts Mastodon links as 23: a 480-character text with a 100-character link fits', () => {
    const text = `${'a'.repeat(476)} https://example.com/${'p'.repeat(80)}`;
    expect(checkPostLength('mastodon', text)).toMatchObject({ ok: true, used: 476 + 1 + 23 });
    expect(checkPostLength('mastodon', 'a'.repeat(501))).toMatchObject({ ok: false, left: -1 });
  });

  it('lets a webhook take up to 5,000 characters', () => {
    expect(checkPostLength('webhook', 'a'.repeat(5000)).ok).toBe(true);
    expect(checkPostLength('webhook', 'a'.repeat(5001)).ok).toBe(false);
  });

  it('refuses an empty or blank text', () => {
    expect(checkPostLength('mastodon', '  ')).toMatchObject({ ok: false, message: 'Write something to post.' });
  });
});
