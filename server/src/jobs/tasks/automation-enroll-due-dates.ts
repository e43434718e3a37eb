import { z } from 'zod';
import { defineTask } from '../define-task';

/**
 * Every five minutes (server/src/jobs/schedules.ts): the "a date is reached" trigger of automation workflows. For each
 * published date_reached workflow, the contacts of its own workspace whose date plus the workflow's days has come get
 * one contact.date_reached event each (private.automation_enroll_due_dates), which the automation_enroll task turns
 * into an enrollment under the workflow's rules. Idempotent: each workflow, contact and moment is recorded once
 * (private.automation_date_triggers), so a second round finds nothing new.
 */
export const automationEnrollDueDates = defineTask({
  name: 'automation_enroll_due_dates',
  payload: z.looseObject({}),
  maxAttempts: 3,
  async run(_payload, { sql, log }) {
    const [row] = await sql<{ recorded: number }[]>`select private.automation_enroll_due_dates() as recorded`;
    if (row && row.recorded > 0) log.info(`automation: ${row.recorded} contact date(s) reached`);
  },
});
