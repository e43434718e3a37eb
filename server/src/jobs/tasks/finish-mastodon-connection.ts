import { z } from 'zod';
import { finishMastodonConnection } from '../../modules/social/mastodon-connection';
import { defineTask, PermanentJobError } from '../define-task';

/**
 * Exchanges the code the instance sent back (POST /oauth/token with the PKCE verifier), verifies the token and seals
 * it on the social account (server/src/modules/social/mastodon-connection.ts), queued by finish_mastodon_connection, keyed
 * `mastodon-connection:<id>:finish` (supabase/migrations/20261128341000_create_mastodon_oauth.sql). A second run
 * finds the connection past `exchanging` and does nothing (the code is single use on the instance).
 */
export const finishMastodonConnectionTask = defineTask({
  name: 'finish_mastodon_connection',
  payload: z.object({ workspace_id: z.uuid(), connection_id: z.uuid() }),
  maxAttempts: 3,
  async run(payload, { sql, outbound, socialTokenKeys, signal, log }) {
    if (!socialTokenKeys) throw new PermanentJobError('no key to seal Mastodon tokens with (SOCIAL_TOKEN_KEYS)');
    try {
      const outcome = await finishMastodonConnection({ sql, outbound, keyring: socialTokenKeys, workspaceId: payload.workspace_id, signal }, payload.connection_id);
      log.info(`Mastodon connection ${payload.connection_id} of workspace ${payload.workspace_id}: ${outcome}`);
    } catch (error) {
      if ((error as { code?: string }).code === '42501') throw new PermanentJobError((error as Error).message);
      throw error;
    }
  },
});
