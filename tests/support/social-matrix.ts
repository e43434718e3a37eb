import { DENY_ANON, NOT_MEMBER, REFUSED, TOO_LOW, type Operation, type World } from './tenant-matrix';
import { ids, SOCIAL_APPROVAL_TOKEN } from './workspaces';

const UNKNOWN_ACCOUNT = '400 P0001 unknown_account';
const UNKNOWN_POST = '400 P0001 unknown_post';
const MEMBERS_WRITE = (ok: string, outsiders: string): Operation['cells'] => [ok, ok, ok, TOO_LOW, outsiders, outsiders, outsiders, DENY_ANON];
const EVERY_MEMBER_READS: Operation['cells'] = ['rows 1', 'rows 1', 'rows 1', 'rows 1', 'rows 0', 'rows 0', 'rows 0', DENY_ANON];
const EVERY_MEMBER_READS_2: Operation['cells'] = ['rows 2', 'rows 2', 'rows 2', 'rows 2', 'rows 0', 'rows 0', 'rows 0', DENY_ANON];
const ADMINS_DECIDE = (ok: string): Operation['cells'] => [ok, ok, TOO_LOW, TOO_LOW, UNKNOWN_POST, UNKNOWN_POST, UNKNOWN_POST, DENY_ANON];
const ANYONE = (cell: string): Operation['cells'] => [cell, cell, cell, cell, cell, cell, cell, cell];
const NOBODY_WRITES: Operation['cells'] = [REFUSED, REFUSED, REFUSED, REFUSED, REFUSED, REFUSED, REFUSED, DENY_ANON];
const CHANNEL = { account_id: ids.socialAccount };
const inAnHour = () => new Date(Date.now() + 3_600_000).toISOString();

/**
 * The tenant matrix's rows for the Social Hub (issue 30): everyone in the workspace reads its social accounts (never
 * a credential: those live in a private table), posts and per-channel results; members, admins and owners connect,
 * reconnect, disconnect, compose, schedule, send again and delete; viewers do none of it; nobody writes the tables
 * directly; another workspace's account can never carry a workspace's post, and other workspaces learn nothing.
 */
export function socialOperations(world: World): Record<string, Operation> {
  return {
    'social_accounts: read workspace 1': {
      run: (a) => a.client.from('social_accounts').select('id, network, display_name, status').eq('organization_id', world().workspace1),
      answer: 'rows',
      cells: EVERY_MEMBER_READS,
    },
    'social_accounts: read workspace 2’s account': {
      run: (a) => a.client.from('social_accounts').select('id').eq('id', ids.socialAccountOfWorkspace2),
      answer: 'rows',
      cells: ['rows 0', 'rows 0', 'rows 0', 'rows 0', 'rows 1', 'rows 0', 'rows 0', DENY_ANON],
    },
    'social_accounts: insert into workspace 1 directly': {
      run: (a) => a.client.from('social_accounts').insert({ organization_id: world().workspace1, network: 'bluesky', display_name: 'planted', service_origin: 'https://evil.example' } as never),
      answer: 'rows',
      cells: NOBODY_WRITES,
    },
    'social_accounts: mark workspace 1’s account connected directly': {
      run: (a) => a.client.from('social_accounts').update({ status: 'connected', external_id: 'did:plc:evil' } as never).eq('id', ids.socialAccount),
      answer: 'rows',
      cells: NOBODY_WRITES,
    },
    'social_accounts: disconnect workspace 1’s account (its credential and channels go with it)': {
      run: (a) => a.client.from('social_accounts').delete().eq('id', ids.socialAccount).select('id'),
      answer: 'rows',
      cells: [
        ...(['owner', 'admin', 'member'] as const).map(() => 'rows 1 → social_accounts -1, social_account_credentials -1, social_post_channels -2, social_post_figures -1'),
        'rows 0', 'rows 0', 'rows 0', 'rows 0', DENY_ANON,
      ] as Operation['cells'],
    },
    'connect_social_account(): a webhook channel in workspace 1': {
      run: (a) => a.client.rpc('connect_social_account', { workspace_id: world().workspace1, network: 'webhook', identifier: 'Zapier', service_url: 'https://hooks.zapier.example/catch/1/secret' }),
      answer: (data) => {
        const result = data as { account: { service_origin: string; status: string }; signing_secret: string };
        return `${result.account.service_origin} ${result.account.status} ${result.signing_secret.slice(0, 6)}`;
      },
      cells: MEMBERS_WRITE('ok https://hooks.zapier.example connecting whsec_ → social_accounts +1, social_account_credentials +1', NOT_MEMBER),
    },
    'connect_social_account(): Bluesky in workspace 1, at the metadata service': {
      run: (a) => a.client.rpc('connect_social_account', { workspace_id: world().workspace1, network: 'bluesky', identifier: 'x.bsky.social', service_url: 'http://169.254.169.254/', secret: 'abcd-efgh-ijkl-mnop' }),
      answer: 'ok',
      cells: MEMBERS_WRITE('400 P0001 url_private_address', NOT_MEMBER),
    },
    'reconnect_social_account(): workspace 1’s account': {
      run: (a) => a.client.rpc('reconnect_social_account', { account_id: ids.socialAccount, secret: 'new-app-pass-word' }),
      answer: (data) => (data as { status: string }).status,
      cells: MEMBERS_WRITE('ok connecting → social_accounts ~1, social_account_credentials ~1', UNKNOWN_ACCOUNT),
    },
    'reconnect_social_account(): workspace 2’s account': {
      run: (a) => a.client.rpc('reconnect_social_account', { account_id: ids.socialAccountOfWorkspace2, secret: 'planted-pass-word' }),
      answer: (data) => (data as { status: string }).status,
      cells: [UNKNOWN_ACCOUNT, UNKNOWN_ACCOUNT, UNKNOWN_ACCOUNT, UNKNOWN_ACCOUNT, 'ok connecting', UNKNOWN_ACCOUNT, UNKNOWN_ACCOUNT, DENY_ANON],
    },
    'social_posts: read workspace 1': {
      run: (a) => a.client.from('social_posts').select('id, body').eq('organization_id', world().workspace1),
      answer: 'rows',
      cells: EVERY_MEMBER_READS_2,
    },
    'social_post_channels: read workspace 1 (the per-channel results)': {
      run: (a) => a.client.from('social_post_channels').select('id, status, result_message').eq('organization_id', world().workspace1),
      answer: 'rows',
      cells: EVERY_MEMBER_READS_2,
    },
    'social_posts: insert into workspace 1 directly': {
      run: (a) => a.client.from('social_posts').insert({ organization_id: world().workspace1, body: 'planted' } as never),
      answer: 'rows',
      cells: NOBODY_WRITES,
    },
    'social_post_channels: mark workspace 1’s channel published directly': {
      run: (a) => a.client.from('social_post_channels').update({ status: 'published' } as never).eq('id', ids.socialChannel),
      answer: 'rows',
      cells: NOBODY_WRITES,
    },
    'save_social_post(): schedule a post on workspace 1’s account': {
      run: (a) => a.client.rpc('save_social_post', { workspace_id: world().workspace1, body: 'Launch day', channels: [CHANNEL], scheduled_at: inAnHour() }),
      answer: (data) => (data as { body: string }).body,
      cells: MEMBERS_WRITE('ok Launch day → social_posts +1, social_post_channels +1', NOT_MEMBER),
    },
    'save_social_post(): workspace 1’s post on workspace 2’s account': {
      run: (a) => a.client.rpc('save_social_post', { workspace_id: world().workspace1, body: 'Borrowed account', channels: [{ account_id: ids.socialAccountOfWorkspace2 }], scheduled_at: inAnHour() }),
      answer: 'ok',
      cells: MEMBERS_WRITE(UNKNOWN_ACCOUNT, NOT_MEMBER),
    },
    'save_social_post(): workspace 2’s post on workspace 1’s account': {
      run: (a) => a.client.rpc('save_social_post', { workspace_id: world().workspace2, body: 'Borrowed account', channels: [CHANNEL], scheduled_at: inAnHour() }),
      answer: 'ok',
      cells: [NOT_MEMBER, NOT_MEMBER, NOT_MEMBER, NOT_MEMBER, UNKNOWN_ACCOUNT, NOT_MEMBER, NOT_MEMBER, DENY_ANON],
    },
    'save_social_post(): change workspace 1’s post from workspace 2': {
      run: (a) => a.client.rpc('save_social_post', { workspace_id: world().workspace2, body: 'Hijacked', channels: [{ account_id: ids.socialAccountOfWorkspace2 }], post_id: ids.socialPost }),
      answer: 'ok',
      cells: [NOT_MEMBER, NOT_MEMBER, NOT_MEMBER, NOT_MEMBER, UNKNOWN_POST, NOT_MEMBER, NOT_MEMBER, DENY_ANON],
    },
    'save_social_post(): a thread of 3 on workspace 1’s account (parts)': {
      run: (a) => a.client.rpc('save_social_post', { workspace_id: world().workspace1, body: 'Thread', channels: [{ ...CHANNEL, parts: ['Second', 'Third'] }], scheduled_at: inAnHour() }),
      answer: (data) => (data as { body: string }).body,
      cells: MEMBERS_WRITE('ok Thread → social_posts +1, social_post_channels +1', NOT_MEMBER),
    },
    'save_social_post(): workspace 2’s thread on workspace 1’s account (parts)': {
      run: (a) => a.client.rpc('save_social_post', { workspace_id: world().workspace2, body: 'Borrowed thread', channels: [{ ...CHANNEL, parts: ['Second'] }], scheduled_at: inAnHour() }),
      answer: 'ok',
      cells: [NOT_MEMBER, NOT_MEMBER, NOT_MEMBER, NOT_MEMBER, UNKNOWN_ACCOUNT, NOT_MEMBER, NOT_MEMBER, DENY_ANON],
    },
    'social_post_channels: rewrite workspace 1’s thread parts directly': {
      run: (a) => a.client.from('social_post_channels').update({ parts: ['planted'] } as never).eq('id', ids.socialChannel),
      answer: 'rows',
      cells: NOBODY_WRITES,
    },
    'save_social_post(): workspace 1’s post with its asset still in review': {
      run: (a) => a.client.rpc('save_social_post', { workspace_id: world().workspace1, body: 'Unreviewed image', channels: [CHANNEL], media: [{ asset_id: ids.asset, alt: 'A photo' }] }),
      answer: 'ok',
      cells: MEMBERS_WRITE('400 P0001 asset_not_approved', NOT_MEMBER),
    },
    'save_social_post(): workspace 2’s post with workspace 1’s asset': {
      run: (a) => a.client.rpc('save_social_post', { workspace_id: world().workspace2, body: 'Borrowed image', channels: [{ account_id: ids.socialAccountOfWorkspace2 }], media: [{ asset_id: ids.asset, alt: 'A photo' }] }),
      answer: 'ok',
      cells: [NOT_MEMBER, NOT_MEMBER, NOT_MEMBER, NOT_MEMBER, '400 P0001 unknown_asset', NOT_MEMBER, NOT_MEMBER, DENY_ANON],
    },
    'social_post_media: read workspace 1 (none yet)': {
      run: (a) => a.client.from('social_post_media').select('id, asset_id, alt_text').eq('organization_id', world().workspace1),
      answer: 'rows',
      cells: ['rows 0', 'rows 0', 'rows 0', 'rows 0', 'rows 0', 'rows 0', 'rows 0', DENY_ANON],
    },
    'social_post_media: insert into workspace 1 directly': {
      run: (a) => a.client.from('social_post_media').insert({ organization_id: world().workspace1, post_id: ids.socialPost, asset_id: ids.asset, position: 0, alt_text: 'planted' } as never),
      answer: 'rows',
      cells: NOBODY_WRITES,
    },
    'social_link_previews: read workspace 1 (none yet)': {
      run: (a) => a.client.from('social_link_previews').select('post_id, url, status').eq('organization_id', world().workspace1),
      answer: 'rows',
      cells: ['rows 0', 'rows 0', 'rows 0', 'rows 0', 'rows 0', 'rows 0', 'rows 0', DENY_ANON],
    },
    'social_link_previews: plant a card on workspace 1’s post directly': {
      run: (a) => a.client.from('social_link_previews').insert({ post_id: ids.socialPost, organization_id: world().workspace1, url: 'https://evil.example', status: 'ready', title: 'Planted' } as never),
      answer: 'rows',
      cells: NOBODY_WRITES,
    },
    'publish_social_post_channel_again(): workspace 1’s failed channel': {
      run: (a) => a.client.rpc('publish_social_post_channel_again', { channel_id: ids.socialChannel }),
      answer: (data) => (data as { status: string }).status,
      cells: MEMBERS_WRITE('ok scheduled → social_posts ~1, social_post_channels ~1', UNKNOWN_POST),
    },
    'social_posts: delete workspace 1’s post (its channels go with it)': {
      run: (a) => a.client.from('social_posts').delete().eq('id', ids.socialPost).select('id'),
      answer: 'rows',
      cells: [
        ...(['owner', 'admin', 'member'] as const).map(() => 'rows 1 → social_posts -1, social_post_channels -1, social_post_figures -1'),
        'rows 0', 'rows 0', 'rows 0', 'rows 0', DENY_ANON,
      ] as Operation['cells'],
    },
    // Approval (issue 30, point 4): admins and owners set the requirement, decide and share; the link is the
    // reviewer's capability, for its one post, whoever holds it (signed in or not).
    'set_social_posts_need_approval(): workspace 1': {
      run: (a) => a.client.rpc('set_social_posts_need_approval', { workspace_id: world().workspace1, required: true }),
      answer: (data) => String((data as { social_posts_need_approval: boolean }).social_posts_need_approval),
      cells: ['ok true → organizations ~1', 'ok true → organizations ~1', TOO_LOW, TOO_LOW, NOT_MEMBER, NOT_MEMBER, NOT_MEMBER, DENY_ANON],
    },
    'review_social_post(): approve workspace 1’s post awaiting approval': {
      run: (a) => a.client.rpc('review_social_post', { post_id: ids.socialPostAwaiting, decision: 'approve' }),
      answer: (data) => (data as { approval_status: string }).approval_status,
      cells: ADMINS_DECIDE('ok approved → social_posts ~1, social_post_channels ~1'),
    },
    'share_social_post_for_approval(): workspace 1’s post awaiting approval': {
      run: (a) => a.client.rpc('share_social_post_for_approval', { post_id: ids.socialPostAwaiting }),
      answer: (data) => `${(data as Array<{ token: string }>)[0]!.token.length}`,
      cells: ADMINS_DECIDE('ok 43 → social_approval_links +1 ~1, social_approval_tokens +1'),
    },
    'social_approval_links: read workspace 1': {
      run: (a) => a.client.from('social_approval_links').select('id, post_id, expires_at').eq('organization_id', world().workspace1),
      answer: 'rows',
      cells: EVERY_MEMBER_READS,
    },
    'social_approval_links: extend workspace 1’s link directly': {
      run: (a) => a.client.from('social_approval_links').update({ expires_at: '2099-01-01T00:00:00Z' } as never).eq('id', ids.socialApprovalLink),
      answer: 'rows',
      cells: NOBODY_WRITES,
    },
    'get_social_approval(): workspace 1’s link (its one post’s versions)': {
      run: (a) => a.client.rpc('get_social_approval', { token: SOCIAL_APPROVAL_TOKEN }),
      answer: (data) => {
        const [row] = data as Array<{ status: string; variants: Array<{ body: string }> }>;
        return `${row!.status} ${row!.variants.map((variant) => variant.body).join('|')}`;
      },
      cells: ANYONE('ok pending Workspace 1 post awaiting approval'),
    },
    'decide_social_approval(): workspace 1’s link': {
      run: (a) => a.client.rpc('decide_social_approval', { token: SOCIAL_APPROVAL_TOKEN, decision: 'request_changes', comment: 'Shorter' }),
      answer: (data) => String(data),
      cells: ANYONE('ok changes_requested → social_posts ~1, social_post_channels ~1, social_approval_links ~1'),
    },
    'decide_social_approval(): a made-up token': {
      run: (a) => a.client.rpc('decide_social_approval', { token: 'x'.repeat(43), decision: 'approve' }),
      answer: 'ok',
      cells: ANYONE('400 P0001 approval_link_invalid'),
    },
  };
}
