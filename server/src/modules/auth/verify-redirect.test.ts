import { describe, expect, it } from 'vitest';
import { encodeValues, errorRedirect, goQueryEscape, messageRedirect, pkceRedirect, sessionRedirect } from './verify-redirect';

describe('goQueryEscape', () => {
  it.each([
    ['a b', 'a+b'],
    ['a+b', 'a%2Bb'],
    ["!'()*", '%21%27%28%29%2A'],
    ['-_.~', '-_.~'],
    ['é/?&=#', '%C3%A9%2F%3F%26%3D%23'],
  ])('%j → %s', (input, expected) => {
    expect(goQueryEscape(input)).toBe(expected);
  });
});

describe('encodeValues', () => {
  it('sorts the keys like url.Values.Encode', () => {
    expect(encodeValues({ b: '2', a: '1 1', c: '' })).toBe('a=1+1&b=2&c=');
  });
});

describe('sessionRedirect', () => {
  it('puts the session, sb and type in the fragment, keys sorted', () => {
    const url = sessionRedirect(
      'http://localhost:3000/welcome?x=1',
      { access_token: 'a.b.c', token_type: 'bearer', expires_in: 3600, expires_at: 1767225600, refresh_token: 'r-1' },
      'signup',
    );
    expect(url).toBe(
      'http://localhost:3000/welcome?x=1#access_token=a.b.c&expires_at=1767225600&expires_in=3600&refresh_token=r-1&sb=&token_type=bearer&type=signup',
    );
  });
});

describe('errorRedirect', () => {
  it('the contract\'s otp_expired fragment', () => {
    expect(errorRedirect('http://localhost:3000/', { status: 403, code: 'otp_expired', message: 'Email link is invalid or has expired' })).toBe(
      'http://localhost:3000/#error=access_denied&error_code=otp_expired&error_description=Email+link+is+invalid+or+has+expired&sb=',
    );
  });

  it('replaces an existing fragment and leaves out `error` for statuses without an OAuth name', () => {
    expect(errorRedirect('http://x.test/a#old', { status: 429, code: 'over_request_rate_limit', message: 'Request rate limit reached' })).toBe(
      'http://x.test/a#error_code=over_request_rate_limit&error_description=Request+rate+limit+reached&sb=',
    );
    expect(errorRedirect('http://x.test/', { status: 400, code: 'validation_failed', message: 'x' })).toContain('error=invalid_request');
    expect(errorRedirect('http://x.test/', { status: 500, code: 'unexpected_failure', message: 'x' })).toContain('error=server_error');
  });
});

describe('messageRedirect', () => {
  it('puts the message in the fragment', () => {
    expect(messageRedirect('http://x.test/', 'Confirmation link accepted. Please proceed')).toBe(
      'http://x.test/#message=Confirmation+link+accepted.+Please+proceed',
    );
  });
});

describe('pkceRedirect', () => {
  it('adds the code to the query, keys sorted, keeping what was there and the fragment', () => {
    expect(pkceRedirect('http://x.test/auth', 'c-1')).toBe('http://x.test/auth?code=c-1');
    expect(pkceRedirect('http://x.test/auth?z=1&a=b+c#keep', 'c-2')).toBe('http://x.test/auth?a=b+c&code=c-2&z=1#keep');
    expect(pkceRedirect('http://x.test/?code=old', 'new')).toBe('http://x.test/?code=new');
  });
});

describe('errorRedirect of a PKCE flow', () => {
  it('puts the error in the query as well as in the fragment', () => {
    expect(errorRedirect('http://x.test/auth', { status: 403, code: 'otp_expired', message: 'Email link is invalid or has expired' }, 'pkce')).toBe(
      'http://x.test/auth?error=access_denied&error_code=otp_expired&error_description=Email+link+is+invalid+or+has+expired' +
        '#error=access_denied&error_code=otp_expired&error_description=Email+link+is+invalid+or+has+expired&sb=',
    );
  });
});
