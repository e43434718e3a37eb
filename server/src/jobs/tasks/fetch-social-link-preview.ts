import { z } from 'zod';
import { fetchComposerLinkPreview, fetchLinkPreview } from '../../modules/social/link-preview';
import { defineTask, PermanentJobError } from '../define-task';

/**
 * The card of a social post's first link (queued by the social_posts triggers of
 * supabase/migrations/20261128343100_add_link_previews_to_social_posts.sql, keyed `social-link:<post id>`): see
 * server/src/modules/social/link-preview.ts. Without post_id it is the composer's card before the post is saved
 * (queued by request_social_link_preview, 20261128354000, keyed `social-link-draft:<workspace>:<md5 of the URL>`),
 * recorded on the workspace's social_link_preview_cache row. Running twice records the same card.
 */
export const fetchSocialLinkPreview = defineTask({
  name: 'fetch_social_link_preview',
  payload: z.object({ workspace_id: z.uuid(), post_id: z.uuid().optional(), url: z.string().max(2000) }),
  maxAttempts: 3,
  async run(payload, { sql, outbound, signal, log }) {
    try {
      if (payload.post_id === undefined) {
        const outcome = await fetchComposerLinkPreview({ sql, outbound, workspaceId: payload.workspace_id, url: payload.url, signal });
        log.info(`composer link preview of workspace ${payload.workspace_id}: ${outcome}`);
        return;
      }
      const outcome = await fetchLinkPreview({ sql, outbound, workspaceId: payload.workspace_id, postId: payload.post_id, url: payload.url, signal });
      log.info(`link preview of social post ${payload.post_id} of workspace ${payload.workspace_id}: ${outcome}`);
    } catch (error) {
      if ((error as { code?: string }).code === '42501') throw new PermanentJobError((error as Error).message);
      throw error;
    }
  },
});
