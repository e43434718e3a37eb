import { describe, expect, it } from 'vitest';
import { checkExpiresIn, signUrlToken, verifyUrlToken } from './signed-urls';
import { StorageError } from './storage-errors';

const SECRET = 's'.repeat(40);

async function refusal(run: () => Promise<unknown>): Promise<string> {
  try {
    await run();
    return 'accepted';
  } catch (error) {
    if (error instanceof StorageError) return `${error.code}: ${error.message}`;
    throw error;
  }
}

describe('signed URL tokens (Storage: object.ts verifyObjectSignature)', () => {
  it('a download token opens its one object, for download only', async () => {
    const token = await signUrlToken({ url: 'assets/ws/a.txt', scope: 'download' }, SECRET, 60);
    await expect(verifyUrlToken(token, SECRET, 'assets', 'ws/a.txt', 'download')).resolves.toMatchObject({ url: 'assets/ws/a.txt' });
    expect(await refusal(() => verifyUrlToken(token, SECRET, 'assets', 'ws/b.txt', 'download'))).toBe('InvalidSignature: Invalid signature');
    expect(await refusal(() => verifyUrlToken(token, SECRET, 'other', 'ws/a.txt', 'download'))).toBe('InvalidSignature: Invalid signature');
    expect(await refusal(() => verifyUrlToken(token, SECRET, 'assets', 'ws/a.txt', 'upload'))).toBe('InvalidSignature: Token is not scoped for upload');
  });

  it('an upload token uploads only; a legacy token without scope counts by its upsert claim', async () => {
    const upload = await signUrlToken({ url: 'assets/ws/a.txt', scope: 'upload', upsert: false }, SECRET, 60);
    expect(await refusal(() => verifyUrlToken(upload, SECRET, 'assets', 'ws/a.txt', 'download'))).toBe('InvalidSignature: Token is not scoped for download');
    const legacy = await signUrlToken({ url: 'assets/ws/a.txt', upsert: true }, SECRET, 60);
    await expect(verifyUrlToken(legacy, SECRET, 'assets', 'ws/a.txt', 'upload')).resolves.toMatchObject({ upsert: true });
  });

  it('expired, forged or malformed: InvalidJWT', async () => {
    const expired = await signUrlToken({ url: 'assets/a', scope: 'download' }, SECRET, 60, Date.now() - 120_000);
    expect(await refusal(() => verifyUrlToken(expired, SECRET, 'assets', 'a', 'download'))).toBe('InvalidJWT: "exp" claim timestamp check failed');
    const forged = await signUrlToken({ url: 'assets/a', scope: 'download' }, 'x'.repeat(40), 60);
    expect(await refusal(() => verifyUrlToken(forged, SECRET, 'assets', 'a', 'download'))).toBe('InvalidJWT: signature verification failed');
    expect(await refusal(() => verifyUrlToken('not.a.token', SECRET, 'assets', 'a', 'download'))).toMatch(/^InvalidJWT/);
  });

  it.each([0, -5, 1.5e300, Number.NaN, '60', null])('checkExpiresIn refuses %j', (value) => {
    expect(() => checkExpiresIn(value)).toThrow('Invalid Parameter expiresIn');
  });
  it('checkExpiresIn takes whole seconds', () => {
    expect(checkExpiresIn(60.9)).toBe(60);
  });
});
