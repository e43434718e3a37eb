import { z } from 'zod';
import { startMastodonConnection } from '../../modules/social/mastodon-connection';
import { defineTask, PermanentJobError } from '../define-task';

/**
 * Registers the app on the Mastodon instance (once per instance + redirect URI) and writes the authorize URL on the
 * connection (server/src/modules/social/mastodon-connection.ts), queued by start_mastodon_connection, keyed
 * `mastodon-connection:<id>:authorize` (supabase/migrations/20261128341000_create_mastodon_oauth.sql). A second run
 * finds the connection past `registering` and does nothing.
 */
export const startMastodonConnectionTask = defineTask({
  name: 'start_mastodon_connection',
  payload: z.object({ workspace_id: z.uuid(), connection_id: z.uuid() }),
  maxAttempts: 3,
  async run(payload, { sql, outbound, socialTokenKeys, signal, log }) {
    if (!socialTokenKeys) throw new PermanentJobError('no key to seal Mastodon app secrets with (SOCIAL_TOKEN_KEYS)');
    try {
      const outcome = await startMastodonConnection({ sql, outbound, keyring: socialTokenKeys, workspaceId: payload.workspace_id, signal }, payload.connection_id);
      log.info(`Mastodon connection ${payload.connection_id} of workspace ${payload.workspace_id}: ${outcome}`);
    } catch (error) {
      if ((error as { code?: string }).code === '42501') throw new PermanentJobError((error as Error).message);
      throw error;
    }
  },
});
