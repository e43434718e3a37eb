import type { Sql } from '../../db/client';
import type { OutboundClient } from '../../lib/outbound/outbound-client';
import { connectors } from './connectors';
import { ConnectorRefusal, type SocialCredential } from './social-connector';
import { seal, type TokenKeyring } from './token-seal';

export interface ConnectAccountInput {
  sql: Sql;
  outbound: OutboundClient;
  keyring: TokenKeyring;
  workspaceId: string;
  accountId: string;
  signal?: AbortSignal;
}

/**
 * The connect job's work: the credential submitted through connect_social_account / reconnect_social_account is
 * checked with the network, sealed under the server key, and the submitted copy removed. Refused: the account says
 * why (`failed`, or `reconnect` for an account that was connected before). Reads and writes go through functions that
 * check the workspace (42501 for another workspace's account).
 */
export async function connectAccount(input: ConnectAccountInput): Promise<string> {
  const { sql, workspaceId, accountId } = input;
  const [row] = await sql<{ network: string; pending: SocialCredential | null; sealed: string | null }[]>`
    select network, pending, sealed from private.social_account_for_job(${workspaceId}, ${accountId})`;
  if (!row) return 'gone';
  if (!row.pending) return 'nothing_pending';
  const connector = connectors[row.network]!;
  const record = (status: string, sealed: string | null, externalId: string | null, message: string | null) =>
    sql`select private.record_social_account_connection(${workspaceId}, ${accountId}, ${status}, ${sealed}, ${externalId}, ${message})`;
  try {
    const { externalId } = await connector.connect(row.pending, { outbound: input.outbound, signal: input.signal });
    await record('connected', seal(input.keyring, accountId, row.pending), externalId, null);
    return 'connected';
  } catch (error) {
    const message = error instanceof ConnectorRefusal ? error.message : `Could not connect (${error instanceof Error ? error.message : String(error)}).`;
    const status = row.sealed ? 'reconnect' : 'failed';
    await record(status, null, null, message);
    return status;
  }
}
