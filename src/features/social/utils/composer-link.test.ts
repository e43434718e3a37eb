import { describe, expect, it } from 'vitest';
import { composerCardView, firstUrl, linkToPreview, SLOW_CARD_MS, type ComposerCard } from '@/features/social/utils/composer-link';

describe('firstUrl (the database’s private.first_url rule)', () => {
  it('finds the first http(s) link and leaves trailing punctuation out', () => {
    expect(firstUrl('New prints: https://shop.example.com/spring, and more at https://other.example')).toBe('https://shop.example.com/spring');
    expect(firstUrl('See (https://example.com/a).')).toBe('https://example.com/a');
    expect(firstUrl('Is it "https://example.com/q?x=1"?')).toBe('https://example.com/q?x=1');
  });

  it('finds nothing in text without an http(s) link', () => {
    expect(firstUrl('no link here')).toBeNull();
    expect(firstUrl('ftp://example.com/file and javascript:alert(1)')).toBeNull();
    expect(firstUrl('')).toBeNull();
  });
});

describe('linkToPreview', () => {
  it('asks for whole addresses only, not one half typed', () => {
    expect(linkToPreview('Look https://exa')).toBeNull();
    expect(linkToPreview('Look https://example.c')).toBeNull();
    expect(linkToPreview('Look https://example.com')).toBe('https://example.com');
    expect(linkToPreview('Local http://localhost:8080/x')).toBe('http://localhost:8080/x');
    expect(linkToPreview('An IP http://127.0.0.1:4000/boots')).toBe('http://127.0.0.1:4000/boots');
  });

  it('leaves out a link too long for the database', () => {
    expect(linkToPreview(`https://example.com/${'x'.repeat(2000)}`)).toBeNull();
  });
});

describe('composerCardView', () => {
  const card = (overrides: Partial<ComposerCard>): ComposerCard => ({
    url: 'https://shop.example.com/spring', status: 'ready', title: 'Spring', description: 'New prints', image_url: null, note: null, ...overrides,
  });

  it('waits while nothing came back or the card is pending, and says it is slow after a while', () => {
    expect(composerCardView({ card: undefined, requestError: null, waitedMs: 0 })).toEqual({ kind: 'loading', isSlow: false });
    expect(composerCardView({ card: card({ status: 'pending', title: null }), requestError: null, waitedMs: SLOW_CARD_MS - 1 })).toEqual({ kind: 'loading', isSlow: false });
    expect(composerCardView({ card: card({ status: 'pending', title: null }), requestError: null, waitedMs: SLOW_CARD_MS })).toEqual({ kind: 'loading', isSlow: true });
  });

  it('shows a ready card with its host', () => {
    expect(composerCardView({ card: card({}), requestError: null, waitedMs: 0 })).toEqual({ kind: 'ready', card: card({}), host: 'shop.example.com' });
  });

  it('says "no preview" with the reason for a failed page', () => {
    expect(composerCardView({ card: card({ status: 'failed', title: null, note: 'The page answered HTTP 404.' }), requestError: null, waitedMs: 0 })).toEqual({ kind: 'none', reason: 'The page answered HTTP 404.' });
  });

  it('puts the request’s refusal first', () => {
    expect(composerCardView({ card: card({}), requestError: 'Too many link previews', waitedMs: 0 })).toEqual({ kind: 'error', message: 'Too many link previews' });
  });
});
