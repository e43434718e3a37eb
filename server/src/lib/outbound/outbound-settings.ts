import type { Sql } from '../../db/client';
import type { OutboundPolicy } from './url-policy';

/**
 * Mirrors the server's outbound settings into the database (private.outbound_settings), where saving a webhook URL
 * through the data API checks them: on hosted Supabase too, once `npm run worker` has started there.
 */
export async function syncOutboundSettings(sql: Sql, policy: OutboundPolicy): Promise<void> {
  const allowAll = policy.allowPrivate === 'all';
  const ranges = policy.allowPrivate === 'all' ? [] : [...policy.allowPrivate];
  const anyPort = policy.allowPorts === 'any';
  const ports = policy.allowPorts === 'any' ? [] : [...policy.allowPorts];
  await sql`select private.set_outbound_settings(${allowAll}, ${ranges}::text[], ${anyPort}, ${ports}::integer[])`;
}
