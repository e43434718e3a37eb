import { SignJWT } from 'jose';
import { describe, expect, it } from 'vitest';
import { signAccessToken } from '../../lib/jwt';
import { parseJwtKeys, rotateJwtKeysText } from '../../lib/jwt-keys';
import { AuthError } from './auth-error';
import { jwtFailureReason, verifyAccessToken } from './access-token-verify';

const secret = 'test-secret-test-secret-test-secret';
const keys = parseJwtKeys(await rotateJwtKeysText(undefined), secret);
const key = new TextEncoder().encode(secret);
const now = Math.floor(Date.now() / 1000);
const sign = (claims: Record<string, unknown>, signingKey = key) =>
  new SignJWT(claims).setProtectedHeader({ alg: 'HS256', typ: 'JWT' }).sign(signingKey);
const b64 = (value: unknown) => Buffer.from(typeof value === 'string' ? value : JSON.stringify(value)).toString('base64url');

async function reason(token: string): Promise<string> {
  try {
    await verifyAccessToken(token, keys);
  } catch (error) {
    expect(error).toBeInstanceOf(AuthError);
    expect(error).toMatchObject({ status: 403, code: 'bad_jwt' });
    return (error as AuthError).message.replace('invalid JWT: unable to parse or verify signature, ', '');
  }
  throw new Error('the token was accepted');
}

describe('verifyAccessToken', () => {
  it('returns the claims of a valid HS256 token', async () => {
    const claims = await verifyAccessToken(await sign({ sub: 'u-1', exp: now + 60 }), keys);
    expect(claims).toMatchObject({ sub: 'u-1' });
  });

  it('returns the claims of a token signed with the signing key (RS256, its kid)', async () => {
    const claims = await verifyAccessToken(await signAccessToken({ sub: 'u-2', aal: 'aal2', exp: now + 60 }, keys), keys);
    expect(claims).toMatchObject({ sub: 'u-2', aal: 'aal2' });
  });

  it('refuses an RS256 token of a key it does not hold, naming the kid as golang-jwt does', async () => {
    const other = parseJwtKeys(await rotateJwtKeysText(undefined), secret);
    expect(await reason(await signAccessToken({ sub: 'u', exp: now + 60 }, other))).toBe(
      `token is unverifiable: error while executing keyfunc: unrecognized JWT kid ${other.signing!.kid} for algorithm RS256`,
    );
  });

  it.each([
    ['garbage', 'token is malformed: token contains an invalid number of segments'],
    ['a.b', 'token is malformed: token contains an invalid number of segments'],
    ['!!.e30.x', 'token is malformed: could not base64 decode header'],
    [`${b64('not json')}.e30.x`, 'token is malformed: could not JSON decode header'],
    [`${b64({ alg: 'none' })}.${b64({ sub: 'u' })}.`, 'token signature is invalid: signing method none is invalid'],
    [`${b64({ alg: 'RS256' })}.${b64({ sub: 'u' })}.sig`, 'token is unverifiable: error while executing keyfunc: unrecognized JWT kid <nil> for algorithm RS256'],
    [`${b64({ alg: 'PS256' })}.${b64({ sub: 'u' })}.sig`, 'token signature is invalid: signing method PS256 is invalid'],
    [`${b64({ typ: 'JWT' })}.${b64({ sub: 'u' })}.sig`, 'token signature is invalid: signing method  is invalid'],
  ])('%s → %s', async (token, expected) => {
    expect(await reason(token)).toBe(expected);
  });

  it('a wrong key, a tampered payload, an expired or not-yet-valid token', async () => {
    expect(await reason(await sign({ sub: 'u' }, new TextEncoder().encode('another-secret-another-secret-another')))).toBe(
      'token signature is invalid: signature is invalid',
    );
    const valid = await sign({ sub: 'u', role: 'authenticated' });
    const [head, , signature] = valid.split('.');
    expect(await reason(`${head}.${b64({ sub: 'u', role: 'service_role' })}.${signature}`)).toBe('token signature is invalid: signature is invalid');
    expect(await reason(await sign({ sub: 'u', exp: now - 1 }))).toBe('token has invalid claims: token is expired');
    expect(await reason(await sign({ sub: 'u', nbf: now + 3600 }))).toBe('token has invalid claims: token is not valid yet');
  });

  it('jwtFailureReason is pure on the token alone when there is no library error', () => {
    expect(jwtFailureReason('x.y')).toBe('token is malformed: token contains an invalid number of segments');
  });
});
