import { z } from 'zod';
import { fetchWorkspaceFigures } from '../../modules/social/fetch-figures';
import { defineTask, PermanentJobError } from '../define-task';

/**
 * The figures (likes, reposts, replies) of one workspace's posts published in the last 30 days, as their networks
 * give them (server/src/modules/social/fetch-figures.ts). Queued a few minutes after a channel is published and
 * hourly by `queue_social_figure_fetches`, keyed `social-figures:<workspace id>`
 * (supabase/migrations/20261128340000_create_social_post_figures.sql). Reading only: running twice is harmless.
 */
export const fetchSocialFigures = defineTask({
  name: 'fetch_social_figures',
  payload: z.object({ workspace_id: z.uuid() }),
  maxAttempts: 3,
  async run(payload, { sql, outbound, socialTokenKeys, signal, log }) {
    if (!socialTokenKeys) throw new PermanentJobError('no key to open social account credentials with (SOCIAL_TOKEN_KEYS)');
    try {
      const fetched = await fetchWorkspaceFigures({ sql, outbound, keyring: socialTokenKeys, workspaceId: payload.workspace_id, signal });
      log.info(`social figures of workspace ${payload.workspace_id}: ${fetched} post(s) updated`);
    } catch (error) {
      if ((error as { code?: string }).code === '42501') throw new PermanentJobError((error as Error).message);
      throw error;
    }
  },
});
