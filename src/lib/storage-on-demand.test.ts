import { StorageClient as RealStorageClient, StorageApiError as RealStorageApiError } from '@supabase/storage-js';
import { describe, expect, it } from 'vitest';
import { STORAGE_ON_DEMAND_MESSAGE, StorageApiError, StorageClient, publicUrlOf, storageBaseUrl } from './storage-on-demand';

const URL_ = 'http://127.0.0.1:3000/storage/v1';

/** A fetch that answers every request with `body` and records what it was asked. */
function recordingFetch(body: unknown, status = 200) {
  const requests: { url: string; method: string; headers: Headers }[] = [];
  const fetch = (input: RequestInfo | URL, init?: RequestInit) => {
    requests.push({ url: String(input), method: init?.method ?? 'GET', headers: new Headers(init?.headers) });
    return Promise.resolve(new Response(JSON.stringify(body), { status, headers: { 'content-type': 'application/json' } }));
  };
  return { fetch: fetch as typeof globalThis.fetch, requests };
}

describe('the Storage stand-in of the browser bundle', () => {
  it.each([
    ['a plain path', 'folder/image.png', undefined],
    ['a leading slash and spaces', '/my folder/a b.png', undefined],
    ['unicode', 'ünïcødé/✓.jpg', undefined],
    ['a download name', 'a.pdf', { download: 'Report Q3.pdf' }],
    ['a download flag', 'a.pdf', { download: true }],
    ['a cache nonce and a version', 'a.png', { cacheNonce: '7', versionId: 'v1' }],
  ])('builds the public URL of %s as storage-js does', (_case, path, options) => {
    const real = new RealStorageClient(URL_, {}).from('public-assets').getPublicUrl(path, options);
    expect(publicUrlOf(storageBaseUrl(URL_), 'public-assets', path, options)).toEqual(real);
    expect(new StorageClient(URL_, {}).from('public-assets').getPublicUrl(path, options)).toEqual(real);
  });

  it('moves a hosted project to its storage host when asked, as storage-js does', () => {
    const url = 'https://abc.supabase.co/storage/v1';
    const real = new RealStorageClient(url, {}, undefined, { useNewHostname: true }).from('b').getPublicUrl('x.png');
    expect(new StorageClient(url, {}, undefined, { useNewHostname: true }).from('b').getPublicUrl('x.png')).toEqual(real);
    expect(real.data.publicUrl).toBe('https://abc.storage.supabase.co/storage/v1/object/public/b/x.png');
  });

  it('refuses a transformation before the package has loaded, saying why', () => {
    expect(() => publicUrlOf(URL_, 'b', 'x.png', { transform: { width: 100 } })).toThrow(STORAGE_ON_DEMAND_MESSAGE);
  });

  it('forwards a file call to the real client with the same URL, headers and fetch, and returns its answer', async () => {
    const { fetch, requests } = recordingFetch({ signedURL: '/object/sign/assets/a.png?token=t' });
    const client = new StorageClient(URL_, { apikey: 'anon-key' }, fetch);
    const { data, error } = await client.from('assets').createSignedUrl('a.png', 60);
    expect(error).toBeNull();
    expect(data?.signedUrl).toBe(`${URL_}/object/sign/assets/a.png?token=t`);
    expect(requests).toHaveLength(1);
    expect(requests[0]).toMatchObject({ url: `${URL_}/object/sign/assets/a.png`, method: 'POST' });
    expect(requests[0]!.headers.get('apikey')).toBe('anon-key');
  });

  it('forwards bucket calls, and its errors are the real client\'s errors', async () => {
    const { fetch } = recordingFetch({ statusCode: '404', error: 'not_found', message: 'Bucket not found' }, 400);
    const client = new StorageClient(URL_, {}, fetch) as unknown as RealStorageClient;
    const { data, error } = await client.getBucket('missing');
    expect(data).toBeNull();
    expect(error?.message).toBe('Bucket not found');
    expect(error).toBeInstanceOf(RealStorageApiError);
    expect(error instanceof StorageApiError).toBe(true);
  });

  it('hands getPublicUrl to the real client once loaded, and is not mistaken for a promise', async () => {
    const client = new StorageClient(URL_, {}, recordingFetch([]).fetch);
    await client.from('b').list();
    expect(client.from('b').getPublicUrl('x.png').data.publicUrl).toBe(`${URL_}/object/public/b/x.png`);
    expect((client as unknown as Record<string, unknown>).then).toBeUndefined();
    expect((client.from('b') as unknown as Record<string, unknown>).then).toBeUndefined();
  });
});
