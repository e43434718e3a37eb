import { z } from 'zod';
import { refreshMastodonToken } from '../../modules/social/mastodon-connection';
import { defineTask, PermanentJobError } from '../define-task';

/**
 * Refreshes a Mastodon access token that expires (the instance gave expires_in and a refresh_token), an hour before
 * it does; queued when the token was stored or last refreshed, keyed `social-account:<id>:refresh`
 * (supabase/migrations/20261128341000_create_mastodon_oauth.sql). A refused refresh marks the account "Reconnect".
 */
export const refreshMastodonTokenTask = defineTask({
  name: 'refresh_mastodon_token',
  payload: z.object({ workspace_id: z.uuid(), account_id: z.uuid() }),
  maxAttempts: 5,
  async run(payload, { sql, outbound, socialTokenKeys, signal, log }) {
    if (!socialTokenKeys) throw new PermanentJobError('no key to open Mastodon tokens with (SOCIAL_TOKEN_KEYS)');
    try {
      const outcome = await refreshMastodonToken({ sql, outbound, keyring: socialTokenKeys, workspaceId: payload.workspace_id, signal }, payload.account_id);
      log.info(`Mastodon token of social account ${payload.account_id} of workspace ${payload.workspace_id}: ${outcome}`);
    } catch (error) {
      if ((error as { code?: string }).code === '42501') throw new PermanentJobError((error as Error).message);
      throw error;
    }
  },
});
