import { z } from 'zod';
import { publishChannel } from '../../modules/social/publish-channel';
import { defineTask, PermanentJobError } from '../define-task';
import { enqueueJobByName } from '../enqueue-job';

export const publishSocialPostPayload = z.object({
  workspace_id: z.uuid(),
  channel_id: z.uuid(),
  /** The post's moment as the database wrote it: the job sends only while that is still the plan. */
  planned_at: z.iso.datetime({ offset: true }),
});

/**
 * Publishes one post on one account (a social_post_channels row) at its moment, queued by the channel's trigger,
 * keyed `social:<channel id>:publish` (supabase/migrations/20261128150100_create_social_posts.sql). Exactly once:
 * publishChannel records `attempting` before the network call, and a run that finds it so marks the channel
 * `unconfirmed` and sends nothing (a worker died mid-request; a person decides).
 */
export const publishSocialPost = defineTask({
  name: 'publish_social_post',
  payload: publishSocialPostPayload,
  maxAttempts: 5,
  async run(payload, { sql, outbound, objects, socialTokenKeys, signal, log }) {
    if (!socialTokenKeys) throw new PermanentJobError('no key to open social account credentials with (SOCIAL_TOKEN_KEYS)');
    let run;
    try {
      run = await publishChannel({ sql, outbound, keyring: socialTokenKeys, workspaceId: payload.workspace_id, channelId: payload.channel_id, plannedAt: payload.planned_at, objects, signal });
    } catch (error) {
      if ((error as { code?: string }).code === '42501') throw new PermanentJobError((error as Error).message);
      throw error;
    }
    // Not due yet (clocks apart), or its account must wait (its network's limit, a 429): the same job, later. Only
    // this channel's job moves: other accounts' jobs are their own and run meanwhile.
    const comeBack = run.outcome === 'not_due' ? new Date(payload.planned_at) : run.retryAt;
    if (comeBack) {
      await enqueueJobByName(sql, 'publish_social_post', payload, { runAt: comeBack, jobKey: `social:${payload.channel_id}:publish`, maxAttempts: 5 });
    }
    log.info(`social post channel ${payload.channel_id} of workspace ${payload.workspace_id}: ${run.outcome}${run.retryAt ? ` until ${run.retryAt.toISOString()}` : ''}`);
  },
});
