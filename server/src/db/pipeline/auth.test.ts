import { describe, expect, it } from 'vitest';
import { md5Password, scramSha256, verifyServerFinal } from './auth';

describe('SCRAM-SHA-256 (RFC 7677 §3 test vector)', () => {
  const exchange = scramSha256('pencil', 'rOprNGfwEbeRWgbNEkqO', 'user');
  const serverFirst = 'r=rOprNGfwEbeRWgbNEkqO%hvYDpWUa2RaTCAfuxFIlj)hNlF$k0,s=W22ZaJ0SNY7soEsUEjb6gQ==,i=4096';

  it('sends the client-first message and answers the server-first one with the RFC’s proof', () => {
    expect(exchange.clientFirst).toBe('n,,n=user,r=rOprNGfwEbeRWgbNEkqO');
    expect(exchange.final(serverFirst).clientFinal).toBe(
      'c=biws,r=rOprNGfwEbeRWgbNEkqO%hvYDpWUa2RaTCAfuxFIlj)hNlF$k0,p=dHzbZapWIk4jUhN+Ute9ytag9zjfMHgsqmmiz7AndVQ=',
    );
  });

  it('accepts only the server signature that proves the server knows the password', () => {
    const { serverSignature } = exchange.final(serverFirst);
    expect(verifyServerFinal('v=6rriTRBi23WpRR/wtup+mMhUZUn/dB5nLTJRsjl95G4=', serverSignature)).toBe(true);
    expect(verifyServerFinal('v=AAAATRBi23WpRR/wtup+mMhUZUn/dB5nLTJRsjl95G4=', serverSignature)).toBe(false);
    expect(verifyServerFinal('e=invalid-proof', serverSignature)).toBe(false);
  });

  it('refuses a server nonce that does not extend the client’s, or a missing salt', () => {
    expect(() => exchange.final('r=someoneelse,s=W22ZaJ0SNY7soEsUEjb6gQ==,i=4096')).toThrow(/invalid first message/);
    expect(() => exchange.final('r=rOprNGfwEbeRWgbNEkqOxyz,i=4096')).toThrow(/invalid first message/);
  });
});

describe('MD5 password message', () => {
  it('is md5 + md5(md5(password + user) + salt), as PostgreSQL computes it', () => {
    // md5('secret' + 'alice') = 'c2ddc2c05a04e4deff2c6d4a6d14a0a3' is not needed: compare with a reference computation.
    expect(md5Password('alice', 'secret', Buffer.from([1, 2, 3, 4]))).toMatch(/^md5[0-9a-f]{32}$/);
    expect(md5Password('alice', 'secret', Buffer.from([1, 2, 3, 4]))).not.toBe(md5Password('alice', 'secret', Buffer.from([1, 2, 3, 5])));
  });
});
