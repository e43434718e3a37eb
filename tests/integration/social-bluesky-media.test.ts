import { randomBytes } from 'node:crypto';
import sharp from 'sharp';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { addToLibrary, smallPng } from '../support/assets';
import { startLocalPds, type LocalPds, type PdsAccount } from '../support/local-pds';
import { signedInUser, type SignedInUser } from '../support/rest-clients';
import { startTestServer, type TestServer } from '../support/test-server';

/**
 * Images in social posts (issue 30 point 2) against a real PDS: an approved asset of the workspace, with its alt
 * text, goes up with com.atproto.repo.uploadBlob and out as an app.bsky.embed.images embed, exactly once (the job run
 * again adds nothing). The database refuses another workspace's asset, an asset not approved and an image without
 * alt text; the job refuses what the network's rule refuses (an image over 1 MB) or what stopped being approved.
 */

let pds: LocalPds;
let server: TestServer;
let owner: SignedInUser;
let member: SignedInUser;
let outsider: SignedInUser;
let alice: PdsAccount;
let accountId: string;

const drain = () => server.app.jobRunner!()!.drain();

interface EmbeddedPost {
  uri: string;
  value: { text: string; embed?: { $type: string; images: Array<{ alt: string; image: { mimeType: string; size: number; ref: unknown } }> } };
}
const postsOnPds = async () => (await pds.posts(alice.did)) as unknown as EmbeddedPost[];

async function approvedImage(user: SignedInUser, name: string, bytes: Buffer, approve = true) {
  const reserved = await addToLibrary(user.client, user.organizationId, { name, bytes, type: 'image/png' }, { width: 64, height: 48 });
  if (approve) await server.sql`update public.assets set status = 'approved', approved_at = now() where id = ${reserved.asset_id}`;
  return reserved.asset_id;
}

async function schedule(body: string, media: unknown) {
  return owner.client.rpc('save_social_post', {
    workspace_id: owner.organizationId, body, channels: [{ account_id: accountId }], scheduled_at: new Date(Date.now() + 3_600_000).toISOString(), media: media as never,
  });
}

async function publishNow(postId: string) {
  await server.sql`update public.social_posts set scheduled_at = now() - interval '1 second' where id = ${postId}`;
  await drain();
  const { data } = await owner.client.from('social_post_channels').select('id, status, result_message, external_id').eq('post_id', postId).single();
  return data!;
}

beforeAll(async () => {
  pds = await startLocalPds();
  alice = await pds.createAccount('alice');
  server = await startTestServer({ OUTBOUND_ALLOW_PRIVATE: 'true' });
  owner = await signedInUser(server);
  member = await signedInUser(server);
  await server.sql`insert into public.organization_members (organization_id, user_id, role) values (${owner.organizationId}, ${member.id}, 'member')`;
  outsider = await signedInUser(server);
  const { data } = await owner.client.rpc('connect_social_account', {
    workspace_id: owner.organizationId, network: 'bluesky', identifier: alice.handle, service_url: pds.url, secret: alice.appPassword,
  });
  accountId = (data as { account: { id: string } }).account.id;
  await drain();
});

afterAll(async () => {
  await server?.close();
  await pds?.close();
});

describe('Images in Bluesky posts on a real PDS', () => {
  it('publishes an approved image with its alt text as an images embed, exactly once', async () => {
    const png = await smallPng();
    const assetId = await approvedImage(owner, 'tulips.png', png);
    const { data: post, error } = await schedule('Spring is here 🌷', [{ asset_id: assetId, alt: '  A field of red tulips under a blue sky ' }]);
    expect(error).toBeNull();
    // Everyone in the workspace reads the post's media; another workspace reads nothing.
    const { data: mine } = await member.client.from('social_post_media').select('asset_id, position, alt_text').eq('post_id', post!.id);
    expect(mine).toEqual([{ asset_id: assetId, position: 0, alt_text: 'A field of red tulips under a blue sky' }]);
    expect((await outsider.client.from('social_post_media').select('id').eq('post_id', post!.id)).data).toEqual([]);

    const channel = await publishNow(post!.id);
    expect(channel.status).toBe('published');
    const records = await postsOnPds();
    expect(records).toHaveLength(1);
    expect(records[0]!.uri).toBe(channel.external_id);
    expect(records[0]!.value.text).toBe('Spring is here 🌷');
    expect(records[0]!.value.embed).toMatchObject({
      $type: 'app.bsky.embed.images',
      images: [{ alt: 'A field of red tulips under a blue sky', image: { mimeType: 'image/png', size: png.length } }],
    });

    // The same job again (a worker killed after sending, before the job was marked done): nothing more, no blob twice.
    const [row] = await server.sql<{ at: string }[]>`select to_jsonb(scheduled_at) #>> '{}' as at from public.social_posts where id = ${post!.id}`;
    await server.sql`select private.enqueue_job('publish_social_post', ${server.sql.json({ workspace_id: owner.organizationId, channel_id: channel.id, planned_at: row!.at })})`;
    await drain();
    expect(await postsOnPds()).toHaveLength(1);
  });

  it('refuses another workspace’s asset, an asset not approved, and an image without alt text, with clear codes', async () => {
    const foreign = await approvedImage(outsider, 'theirs.png', await smallPng());
    expect((await schedule('Borrowed', [{ asset_id: foreign, alt: 'Theirs' }])).error).toMatchObject({ code: 'P0001', details: 'unknown_asset' });
    const inReview = await approvedImage(owner, 'draft.png', await smallPng(), false);
    expect((await schedule('Unapproved', [{ asset_id: inReview, alt: 'Draft' }])).error).toMatchObject({ code: 'P0001', details: 'asset_not_approved' });
    const fine = await approvedImage(owner, 'fine.png', await smallPng());
    expect((await schedule('No alt', [{ asset_id: fine, alt: ' ' }])).error).toMatchObject({ code: 'P0001', details: 'alt_text_missing' });
    expect((await schedule('Twice', [{ asset_id: fine, alt: 'a' }, { asset_id: fine, alt: 'b' }])).error).toMatchObject({ code: 'P0001', details: 'asset_twice' });
    expect((await schedule('Five', [1, 2, 3, 4, 5].map(() => ({ asset_id: fine, alt: 'a' })))).error).toMatchObject({ code: 'P0001', details: 'media_too_many' });
    expect((await schedule('Not an id', [{ asset_id: 'nope', alt: 'a' }])).error).toMatchObject({ code: 'P0001', details: 'unknown_asset' });
    // Nothing of the refused posts was kept.
    expect(await server.sql`select 1 from public.social_posts where body in ('Borrowed', 'Unapproved', 'No alt', 'Twice', 'Five', 'Not an id')`).toHaveLength(0);
  });

  it('does not send an image that stopped being approved, or one over Bluesky’s 1 MB, and says why', async () => {
    const before = (await postsOnPds()).length;
    const withdrawn = await approvedImage(owner, 'withdrawn.png', await smallPng());
    const { data: first } = await schedule('Withdrawn image', [{ asset_id: withdrawn, alt: 'Old logo' }]);
    await server.sql`update public.assets set status = 'changes_requested' where id = ${withdrawn}`;
    expect(await publishNow(first!.id)).toMatchObject({
      status: 'failed', result_message: 'Not sent: “withdrawn.png” is no longer an approved asset of the library: choose another file, or approve it again.',
    });

    const noise = await sharp(randomBytes(640 * 640 * 3), { raw: { width: 640, height: 640, channels: 3 } }).png({ compressionLevel: 0 }).toBuffer();
    expect(noise.length).toBeGreaterThan(1_000_000);
    const large = await approvedImage(owner, 'noise.png', noise);
    const { data: second } = await schedule('Large image', [{ asset_id: large, alt: 'Static' }]);
    expect((await publishNow(second!.id)).result_message).toMatch(/^Not sent: Bluesky takes images up to 1 MB: “noise\.png” is 1\.\d MB\.$/);
    expect(await postsOnPds()).toHaveLength(before);
  });
});
