import { z } from 'zod';
import { emailKinds, type EmailRenderer } from '../../modules/mail/email-kinds';
import { SendError } from '../../lib/mailer';
import { claimEmail, finishEmail, markEmailDataComplete } from '../../modules/mail/mail-queue';
import { defineTask, PermanentJobError, type TaskContext } from '../define-task';

/** A plain address, as the queue's CHECK has it: checked again before anything reaches the mailer. */
const PLAIN_ADDRESS = /^[^\s@,;:<>()"\\]+@[^\s@,;:<>()"\\]+\.[^\s@,;:<>()"\\]+$/;
/** Attempts over about half an hour (graphile-worker waits e^n seconds after the n-th failure: 3 s … 18 min). */
export const SEND_EMAIL_ATTEMPTS = 8;

function reasonOf(error: unknown): string {
  return error instanceof Error ? error.message : String(error);
}

/**
 * Sends one row of private.outgoing_emails (decision 0008, on the runner since 0013, exactly once since 0020): claims it, renders its kind
 * (an invitation mints its e-mail token now, so no token ever waits in the queue), delivers it through the mail
 * transport and records the outcome. A row already sent or cancelled is left alone, so the job is safe to run twice.
 * Kinds come from `kinds` (tests add their own).
 */
export function sendEmailTask(kinds: Readonly<Record<string, EmailRenderer>> = emailKinds) {
  return defineTask({
    name: 'send_email',
    payload: z.object({ email_id: z.union([z.number().int().positive(), z.string().regex(/^[1-9][0-9]{0,18}$/)]).transform(String) }),
    maxAttempts: SEND_EMAIL_ATTEMPTS,
    async run({ email_id: emailId }, context: TaskContext) {
      const { sql, job, log } = context;
      const { email, state } = await claimEmail(sql, emailId, job.poolId);
      if (!email) {
        // Sent, cancelled, unconfirmed or gone: done. Held by a live worker's attempt: try again later.
        if (state === 'held') throw new Error(`e-mail ${emailId} is being sent by another attempt`);
        if (state === 'unconfirmed') log.warn(`outgoing e-mail ${emailId}: its final dot may have reached the SMTP server before a worker stopped; not sent again (unconfirmed)`);
        return;
      }
      const render = kinds[email.kind];
      if (!render) {
        await finishEmail(sql, emailId, 'cancelled', `unknown kind ${email.kind}`);
        log.error(`outgoing e-mail ${emailId}: unknown kind "${email.kind}", cancelled`);
        return;
      }
      let message;
      try {
        message = await render(email, { sql, siteUrl: context.siteUrl, publicUrl: context.email?.publicUrl });
      } catch (error) {
        await finishEmail(sql, emailId, 'failed', `render: ${reasonOf(error)}`);
        throw error;
      }
      if (!message) return finishEmail(sql, emailId, 'cancelled', 'no longer applicable');
      if (!PLAIN_ADDRESS.test(message.to) || message.to.length > 254) {
        return finishEmail(sql, emailId, 'cancelled', 'recipient is not one plain address');
      }
      try {
        await context.mail.deliver({ ...message, queued: { id: emailId, at: email.created_at } }, { beforeFinalDot: () => markEmailDataComplete(sql, emailId) });
      } catch (error) {
        if (error instanceof SendError && error.failure.kind === 'ambiguous') {
          // After the final dot, no answer: the server may have it. Never sent again (decision 0020).
          await finishEmail(sql, emailId, 'unconfirmed', `no answer after the message was handed over: ${error.failure.response}`);
          return;
        }
        const refused = error instanceof SendError && error.failure.kind === 'refused' && error.failure.permanent;
        const last = refused || job.attempts >= job.maxAttempts;
        await finishEmail(sql, emailId, 'failed', last ? `gave up after ${job.attempts} attempts: ${reasonOf(error)}` : reasonOf(error));
        // A 5xx refusal will not pass on a later attempt.
        if (refused) throw new PermanentJobError(`the SMTP server refused the message: ${reasonOf(error)}`);
        throw error;
      }
      await finishEmail(sql, emailId, 'sent');
    },
  });
}

export const sendEmail = sendEmailTask();
