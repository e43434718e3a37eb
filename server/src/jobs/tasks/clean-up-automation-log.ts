import { z } from 'zod';
import { defineTask } from '../define-task';

/**
 * Daily (server/src/jobs/schedules.ts): the automation run log, and the step runs of enrollments that ended, keep
 * AUTOMATION_LOG_DAYS days (90 unless set); enrollments stay ("once per contact" rests on them).
 */
export const cleanUpAutomationLog = defineTask({
  name: 'clean_up_automation_log',
  payload: z.looseObject({}),
  maxAttempts: 3,
  async run(_payload, { sql, log, automationLogDays = 90 }) {
    const [row] = await sql<{ removed: number }[]>`select private.delete_old_automation_log(${automationLogDays}::integer) as removed`;
    if (row && row.removed > 0) log.info(`clean-up: ${row.removed} automation log and step run row(s) older than ${automationLogDays} days removed`);
  },
});
