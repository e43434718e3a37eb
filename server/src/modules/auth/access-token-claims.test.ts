import { describe, expect, it } from 'vitest';
import { buildAccessTokenClaims, type ClaimsInput } from './access-token-claims';

const input: ClaimsInput = {
  issuer: 'http://localhost:3000/auth/v1',
  user: {
    id: 'u-1',
    aud: 'authenticated',
    role: 'authenticated',
    email: 'a@b.co',
    phone: null,
    app_metadata: { providers: ['email'], provider: 'email', site_admin: true },
    user_metadata: { last_name: 'B', first_name: 'A' },
    is_anonymous: false,
  },
  sessionId: 's-1',
  aal: 'aal1',
  amr: [{ method: 'password', timestamp: 1_767_222_000 }],
  issuedAt: 1_767_222_000,
  expiresIn: 3600,
};

describe('buildAccessTokenClaims', () => {
  it('GoTrue claims in GoTrue order, aud a string, exp = iat + lifetime', () => {
    const claims = buildAccessTokenClaims(input);
    expect(Object.keys(claims)).toEqual([
      'iss', 'sub', 'aud', 'exp', 'iat', 'email', 'phone', 'app_metadata', 'user_metadata', 'role', 'aal', 'amr', 'session_id', 'is_anonymous',
    ]);
    expect(claims).toMatchObject({
      iss: 'http://localhost:3000/auth/v1',
      sub: 'u-1',
      aud: 'authenticated',
      exp: 1_767_225_600,
      iat: 1_767_222_000,
      email: 'a@b.co',
      phone: '',
      role: 'authenticated',
      aal: 'aal1',
      amr: [{ method: 'password', timestamp: 1_767_222_000 }],
      session_id: 's-1',
      is_anonymous: false,
    });
    expect(JSON.stringify(claims.app_metadata)).toBe('{"provider":"email","providers":["email"],"site_admin":true}');
    expect(JSON.stringify(claims.user_metadata)).toBe('{"first_name":"A","last_name":"B"}');
  });

  it('leaves out an empty amr (omitempty) and fills missing e-mail and metadata', () => {
    const claims = buildAccessTokenClaims({
      ...input,
      amr: [],
      user: { ...input.user, email: null, app_metadata: null, user_metadata: null },
    });
    expect('amr' in claims).toBe(false);
    expect(claims).toMatchObject({ email: '', app_metadata: {}, user_metadata: {} });
  });

  it('honours the configured lifetime', () => {
    expect(buildAccessTokenClaims({ ...input, expiresIn: 120 }).exp).toBe(1_767_222_120);
  });
});
