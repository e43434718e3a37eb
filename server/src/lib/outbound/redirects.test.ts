import { describe, expect, it } from 'vitest';
import { nextHop, type Hop } from './redirects';

const post: Hop = { url: new URL('https://a.example/hook'), method: 'POST', body: '{"x":1}', headers: { 'content-type': 'application/json', authorization: 'Bearer t', 'webhook-id': 'msg_1' } };

describe('nextHop', () => {
  it.each([
    [307, 'POST', true],
    [308, 'POST', true],
    [301, 'GET', false],
    [302, 'GET', false],
    [303, 'GET', false],
  ])('%i after a POST → %s (body kept: %s)', (status, method, keepsBody) => {
    const next = nextHop(post, status, '/next', { keepMethod: false });
    expect(next.kind).toBe('follow');
    if (next.kind !== 'follow') return;
    expect(next.hop.method).toBe(method);
    expect(next.hop.body !== undefined).toBe(keepsBody);
    expect(next.hop.url.href).toBe('https://a.example/next');
    expect('content-type' in next.hop.headers).toBe(keepsBody);
  });

  it('keeps a GET a GET on 301, 302 and 303', () => {
    const get: Hop = { ...post, method: 'GET', body: undefined };
    for (const status of [301, 302, 303]) expect(nextHop(get, status, '/n', { keepMethod: true })).toMatchObject({ kind: 'follow', hop: { method: 'GET' } });
  });

  it('with keepMethod, does not follow a redirect that would turn the POST into a GET', () => {
    expect(nextHop(post, 302, '/n', { keepMethod: true })).toEqual({ kind: 'stop', reason: 'method_change' });
    expect(nextHop(post, 303, '/n', { keepMethod: true })).toEqual({ kind: 'stop', reason: 'method_change' });
    expect(nextHop(post, 307, '/n', { keepMethod: true }).kind).toBe('follow');
  });

  it('drops credentials when leaving the origin, keeps the rest', () => {
    const next = nextHop(post, 307, 'https://b.example/hook', { keepMethod: true });
    expect(next.kind === 'follow' && next.hop.headers).toEqual({ 'content-type': 'application/json', 'webhook-id': 'msg_1' });
    const same = nextHop(post, 307, '/other', { keepMethod: true });
    expect(same.kind === 'follow' && same.hop.headers.authorization).toBe('Bearer t');
  });

  it.each([
    [undefined, 'redirect 302 without a Location header'],
    ['http://[::1', 'redirect 302 to an invalid address'],
  ])('refuses Location %j', (location, message) => {
    expect(nextHop(post, 302, location, { keepMethod: false })).toEqual({ kind: 'invalid', message });
  });
});
