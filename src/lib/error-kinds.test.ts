import { describe, expect, it } from 'vitest';
import { describeLoadFailure, loadFailureOf } from './error-kinds';
import { toError, unwrap } from './errors';

describe('loadFailureOf', () => {
  it.each([
    ['the browser could not reach the server', new TypeError('Failed to fetch'), 'unreachable'],
    ['Node could not reach the server', new TypeError('fetch failed'), 'unreachable'],
    ['supabase-js gave up on the network', { name: 'AuthRetryableFetchError', message: '' }, 'unreachable'],
    ['a missing grant or RLS (42501)', { code: '42501', message: 'permission denied for table content_items' }, 'not-allowed'],
    ['an expired token (PGRST301)', { code: 'PGRST301', message: 'JWT expired' }, 'not-allowed'],
    ['a server error', { code: '57014', message: 'canceling statement due to statement timeout' }, 'server'],
    ['anything else', 'boom', 'server'],
    ['nothing', null, 'server'],
  ])('%s → %s', (_case, error, expected) => {
    expect(loadFailureOf(error)).toBe(expected);
  });
});

describe('describeLoadFailure', () => {
  it('says what happened in plain words, never the server text', () => {
    const text = describeLoadFailure({ code: '42501', message: 'permission denied for table content_items' });
    expect(text).toBe('This account may not see this list right now. Sign in again if it keeps happening, then try again.');
    expect(describeLoadFailure(new TypeError('Failed to fetch'))).toBe('The server could not be reached. Check your connection, then try again.');
    expect(describeLoadFailure({ code: 'XX000', message: 'internal error at line 3' })).not.toContain('internal');
  });
});

describe('unwrap and toError', () => {
  it('returns data, or throws an Error carrying the code', () => {
    expect(unwrap({ data: [1], error: null })).toEqual([1]);
    expect(() => unwrap({ data: null, error: { message: 'no', code: '42501' } as { message: string } })).toThrow('no');
    expect(toError({ message: 'm', code: 'c' })).toMatchObject({ message: 'm', code: 'c' });
  });
});
