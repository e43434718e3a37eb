import { DENY_ANON, NOT_MEMBER, REFUSED, TOO_LOW, type Operation, type World } from './tenant-matrix';
import { ids } from './workspaces';

const UNKNOWN_ENDPOINT = '400 P0001 unknown_endpoint';
const UNKNOWN_DELIVERY = '400 P0001 unknown_delivery';
const ADMINS_ONLY = (ok: string, outsiders: string): Operation['cells'] => [ok, ok, TOO_LOW, TOO_LOW, outsiders, outsiders, outsiders, DENY_ANON];
const EVERY_MEMBER_READS: Operation['cells'] = ['rows 1', 'rows 1', 'rows 1', 'rows 1', 'rows 0', 'rows 0', 'rows 0', DENY_ANON];
const NOBODY_WRITES: Operation['cells'] = [REFUSED, REFUSED, REFUSED, REFUSED, REFUSED, REFUSED, REFUSED, DENY_ANON];

/**
 * The tenant matrix's rows for outgoing webhooks (issue 26): everyone in the workspace reads its endpoints (origin,
 * events, description: never the full URL or the secret) and the delivery log; admins and owners alone create,
 * change, reveal, rotate, delete and send again; nobody writes the tables directly; other workspaces learn nothing,
 * not even whether an endpoint id exists.
 */
export function webhookOperations(world: World): Record<string, Operation> {
  return {
    'webhook_endpoints: read workspace 1': {
      run: (a) => a.client.from('webhook_endpoints').select('id, url_origin, events').eq('organization_id', world().workspace1),
      answer: 'rows',
      cells: EVERY_MEMBER_READS,
    },
    'webhook_endpoints: read workspace 2’s endpoint': {
      run: (a) => a.client.from('webhook_endpoints').select('id').eq('id', ids.webhookEndpointOfWorkspace2),
      answer: 'rows',
      cells: ['rows 0', 'rows 0', 'rows 0', 'rows 0', 'rows 1', 'rows 0', 'rows 0', DENY_ANON],
    },
    'webhook_endpoints: insert into workspace 1 directly': {
      run: (a) => a.client.from('webhook_endpoints').insert({ organization_id: world().workspace1, url_origin: 'https://planted.example', events: ['content.published'] } as never),
      answer: 'rows',
      cells: NOBODY_WRITES,
    },
    'webhook_endpoints: disable workspace 1’s endpoint directly': {
      run: (a) => a.client.from('webhook_endpoints').update({ enabled: false } as never).eq('id', ids.webhookEndpoint),
      answer: 'rows',
      cells: NOBODY_WRITES,
    },
    'webhook_endpoints: delete workspace 1’s endpoint (its deliveries go with it)': {
      run: (a) => a.client.from('webhook_endpoints').delete().eq('id', ids.webhookEndpoint).select('id'),
      answer: 'rows',
      cells: [
        'rows 1 → webhook_endpoints -1, webhook_endpoint_credentials -1, webhook_deliveries -1, webhook_delivery_attempts -1',
        'rows 1 → webhook_endpoints -1, webhook_endpoint_credentials -1, webhook_deliveries -1, webhook_delivery_attempts -1',
        'rows 0', 'rows 0', 'rows 0', 'rows 0', 'rows 0', DENY_ANON,
      ],
    },
    'create_webhook_endpoint(): workspace 1': {
      run: (a) => a.client.rpc('create_webhook_endpoint', { workspace_id: world().workspace1, url: 'https://hooks.example.com/new', events: ['content.published'] }),
      answer: (data) => (data as { url_origin: string }).url_origin,
      cells: ADMINS_ONLY('ok https://hooks.example.com → webhook_endpoints +1, webhook_endpoint_credentials +1', NOT_MEMBER),
    },
    'create_webhook_endpoint(): workspace 1, at the metadata service': {
      run: (a) => a.client.rpc('create_webhook_endpoint', { workspace_id: world().workspace1, url: 'http://169.254.169.254/latest/meta-data/', events: ['content.published'] }),
      answer: 'ok',
      cells: ADMINS_ONLY('400 P0001 url_private_address', NOT_MEMBER),
    },
    'update_webhook_endpoint(): disable workspace 1’s endpoint': {
      run: (a) => a.client.rpc('update_webhook_endpoint', { endpoint_id: ids.webhookEndpoint, enabled: false }),
      answer: (data) => `enabled ${(data as { enabled: boolean }).enabled}`,
      cells: ADMINS_ONLY('ok enabled false → webhook_endpoints ~1', UNKNOWN_ENDPOINT),
    },
    'update_webhook_endpoint(): point workspace 1’s endpoint at another URL': {
      run: (a) => a.client.rpc('update_webhook_endpoint', { endpoint_id: ids.webhookEndpoint, url: 'https://elsewhere.example/hook' }),
      answer: (data) => (data as { url_origin: string }).url_origin,
      cells: ADMINS_ONLY('ok https://elsewhere.example → webhook_endpoints ~1, webhook_endpoint_credentials ~1', UNKNOWN_ENDPOINT),
    },
    'reveal_webhook_endpoint(): workspace 1’s URL and secret': {
      run: (a) => a.client.rpc('reveal_webhook_endpoint', { endpoint_id: ids.webhookEndpoint }),
      answer: (data) => (data as { url: string; secret: string }[]).map((row) => `${row.url} ${row.secret.slice(0, 6)}`).join(),
      cells: ADMINS_ONLY('ok https://hooks.example.com/catch/secret-path whsec_', UNKNOWN_ENDPOINT),
    },
    'reveal_webhook_endpoint(): workspace 2’s': {
      run: (a) => a.client.rpc('reveal_webhook_endpoint', { endpoint_id: ids.webhookEndpointOfWorkspace2 }),
      answer: 'ok',
      cells: [UNKNOWN_ENDPOINT, UNKNOWN_ENDPOINT, UNKNOWN_ENDPOINT, UNKNOWN_ENDPOINT, TOO_LOW, UNKNOWN_ENDPOINT, UNKNOWN_ENDPOINT, DENY_ANON],
    },
    'rotate_webhook_secret(): workspace 1’s endpoint': {
      run: (a) => a.client.rpc('rotate_webhook_secret', { endpoint_id: ids.webhookEndpoint }),
      answer: (data) => String(data).slice(0, 6),
      cells: ADMINS_ONLY('ok whsec_ → webhook_endpoint_credentials ~1', UNKNOWN_ENDPOINT),
    },
    'webhook_events: read workspace 1': {
      run: (a) => a.client.from('webhook_events').select('id, body').eq('organization_id', world().workspace1),
      answer: 'rows',
      cells: EVERY_MEMBER_READS,
    },
    'webhook_events: forge an event for workspace 1': {
      run: (a) => a.client.from('webhook_events').insert({ id: 'msg_forgedforgedforgedforged', organization_id: world().workspace1, event_type: 'content.published', event_key: 'forged', body: '{}' }),
      answer: 'rows',
      cells: NOBODY_WRITES,
    },
    'webhook_deliveries: read workspace 1’s log': {
      run: (a) => a.client.from('webhook_deliveries').select('id, status, response_status').eq('organization_id', world().workspace1),
      answer: 'rows',
      cells: EVERY_MEMBER_READS,
    },
    'webhook_deliveries: mark workspace 1’s delivery failed directly': {
      run: (a) => a.client.from('webhook_deliveries').update({ status: 'failed' } as never).eq('id', ids.webhookDelivery),
      answer: 'rows',
      cells: NOBODY_WRITES,
    },
    'webhook_delivery_attempts: read workspace 1’s': {
      run: (a) => a.client.from('webhook_delivery_attempts').select('attempt, outcome').eq('organization_id', world().workspace1),
      answer: 'rows',
      cells: EVERY_MEMBER_READS,
    },
    'resend_webhook_delivery(): workspace 1’s delivery': {
      run: (a) => a.client.rpc('resend_webhook_delivery', { delivery_id: ids.webhookDelivery }),
      answer: (data) => (data as { status: string }).status,
      cells: ADMINS_ONLY('ok pending → webhook_deliveries ~1', UNKNOWN_DELIVERY),
    },
  };
}
