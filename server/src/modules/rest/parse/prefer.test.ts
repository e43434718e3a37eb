import { describe, expect, it } from 'vitest';
import type { ApiRequest } from '../request-types';
import { failure } from '../testing/failure';
import { contentTypeOf, parseAccept } from './media';
import { appliedPreferences, parsePreferences } from './prefer';

describe('Prefer (PostgREST Preferences.hs)', () => {
  it('reads comma-joined preferences, spaces around them, the first of each', () => {
    expect(parsePreferences('return=representation, count=planned,missing=default ,  resolution=merge-duplicates, tx=rollback, count=exact')).toEqual({
      return: 'representation',
      count: 'planned',
      missing: 'default',
      resolution: 'merge-duplicates',
      tx: 'rollback',
      invalid: [],
    });
  });

  it.each(['minimal', 'representation', 'headers-only'])('return=%s', (value) => {
    expect(parsePreferences(`return=${value}`).return).toBe(value);
  });

  it('handling, max-affected and timezone', () => {
    expect(parsePreferences('handling=strict, max-affected=5, timezone=America/Los_Angeles')).toEqual({
      handling: 'strict',
      maxAffected: 5,
      timezone: 'America/Los_Angeles',
      invalid: [],
    });
  });

  it('keeps what it does not understand as invalid (refused only with handling=strict, later)', () => {
    expect(parsePreferences('return=nope, frobnicate, max-affected=-1, tx=maybe, params=single-object').invalid).toEqual([
      'return=nope',
      'frobnicate',
      'max-affected=-1',
      'tx=maybe',
      'params=single-object',
    ]);
  });

  it('echoes in Preference-Applied what PostgREST echoes for each action, in its order', () => {
    const prefs = parsePreferences('return=representation, count=exact, missing=default, resolution=merge-duplicates, tx=rollback, handling=strict, max-affected=3');
    const applied = (action: ApiRequest['action'], resolutionApplies = true) =>
      appliedPreferences({ action, preferences: prefs }, { timezoneApplied: false, resolutionApplies });
    expect(applied('insert')).toBe('resolution=merge-duplicates, missing=default, return=representation, count=exact, tx=rollback, handling=strict');
    expect(applied('insert', false)).toBe('missing=default, return=representation, count=exact, tx=rollback, handling=strict');
    expect(applied('update')).toBe('missing=default, return=representation, count=exact, tx=rollback, handling=strict, max-affected=3');
    expect(applied('read')).toBe('count=exact, tx=rollback, handling=strict');
    expect(appliedPreferences({ action: 'read', preferences: parsePreferences('timezone=UTC') }, { timezoneApplied: true, resolutionApplies: false })).toBe('timezone=UTC');
    expect(appliedPreferences({ action: 'read', preferences: parsePreferences('timezone=Mars') }, { timezoneApplied: false, resolutionApplies: false })).toBeUndefined();
  });
});

describe('Accept (PostgREST MediaType.hs)', () => {
  it.each([
    [undefined, { kind: 'json', stripNulls: false }],
    ['application/json', { kind: 'json', stripNulls: false }],
    ['*/*', { kind: 'json', stripNulls: false }],
    ['application/vnd.pgrst.object+json', { kind: 'object', stripNulls: false }],
    ['application/vnd.pgrst.object', { kind: 'object', stripNulls: false }],
    ['application/vnd.pgrst.object+json;nulls=stripped', { kind: 'object', stripNulls: true }],
    ['application/vnd.pgrst.array+json;nulls=stripped', { kind: 'json', stripNulls: true }],
    ['application/vnd.pgrst.array+json', { kind: 'json', stripNulls: false }],
    ['text/csv', { kind: 'csv' }],
    ['text/csv;q=0.5, application/vnd.pgrst.object+json', { kind: 'object', stripNulls: false }],
    ['application/json;q=0.1, application/vnd.pgrst.object+json;q=0.9', { kind: 'object', stripNulls: false }],
    ['application/geo+json, text/csv', { kind: 'csv' }],
  ])('Accept %s', (accept, media) => {
    expect(parseAccept(accept)).toEqual(media);
  });

  it('answers 406 PGRST107 for media types it cannot produce', () => {
    const error = failure(() => parseAccept('application/xml, application/vnd.pgrst.plan+json'));
    expect([error.status, error.code, error.message]).toEqual([
      406,
      'PGRST107',
      'None of these media types are available: application/xml, application/vnd.pgrst.plan+json',
    ]);
  });

  it('answers with PostgREST’s Content-Type for each', () => {
    expect(contentTypeOf({ kind: 'json', stripNulls: true })).toBe('application/vnd.pgrst.array+json;nulls=stripped; charset=utf-8');
    expect(contentTypeOf({ kind: 'object', stripNulls: false })).toBe('application/vnd.pgrst.object+json; charset=utf-8');
    expect(contentTypeOf({ kind: 'csv' })).toBe('text/csv; charset=utf-8');
  });
});
