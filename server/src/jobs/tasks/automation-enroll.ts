import { z } from 'zod';
import { defineTask, PermanentJobError } from '../define-task';

export const automationEnrollPayload = z.object({ workspace_id: z.uuid(), event_id: z.number().int().positive() });

/**
 * Enrolls a contact into its workspace's published workflows whose trigger a workspace event matches (contact.created,
 * contact.form_submitted, contact.tag_added, contact.tag_removed, contact.band_entered, …; subscribed in
 * supabase/migrations/20261128160200_run_automations_on_the_job_runner.sql, keyed `event:<id>:automation_enroll`).
 * private.automation_enroll_for_event refuses an event of another workspace than the payload's (a permanent
 * failure) and enrolls into a workflow at most once per event, so a job run twice enrolls once. Beyond the workspace's
 * enrollments per hour, the event is put off (queued again in 5 minutes), never dropped. Through
 * private.automation_enroll_event: a reached date whose workflow was paused before this job is given back to the date
 * sweep (enrolled once the workflow resumes) rather than lost.
 */
export const automationEnroll = defineTask({
  name: 'automation_enroll',
  payload: automationEnrollPayload,
  maxAttempts: 10,
  async run(payload, { sql, log }) {
    try {
      const [row] = await sql<{ made: number }[]>`
        select private.automation_enroll_event(${payload.workspace_id}::uuid, ${payload.event_id}::bigint) as made`;
      if (row!.made > 0) log.info(`event ${payload.event_id} of workspace ${payload.workspace_id}: ${row!.made} enrollment(s)`);
      if (row!.made < 0) log.info(`event ${payload.event_id} of workspace ${payload.workspace_id}: put off, the workspace's enrollments per hour are used up`);
    } catch (error) {
      if ((error as { code?: string }).code === '42501') throw new PermanentJobError((error as Error).message);
      throw error;
    }
  },
});
