/** What the automation part of `npm run chaos` counted once everything settled (scripts/chaos-automation.ts). */
export interface AutomationChaosAudit {
  /** Contacts created; each should have entered once. */
  contacts: number;
  settled: boolean;
  enrolled: number;
  finished: number;
  failed: number;
  twiceScored: number;
  untagged: number;
  emails: number;
  runsWithTwoEmails: number;
  sent: number;
  /** Distinct Message-IDs of the workflow's e-mail at the SMTP server. */
  smtpMessageIds: number;
  notices: number;
  noticeEmails: number;
  runsWithTwoNotices: number;
  webhookMessages: number;
  /** Distinct webhook-ids at the receiver. */
  webhookIds: number;
  failedJobs: number;
}

/**
 * The promises of issue 29 §5 the chaos run checks, each broken one as a sentence (none: the run passed). Exactly
 * once is about effects, not transport: an SMTP message or a webhook request sent again with the same Message-ID /
 * webhook-id after a kill between the send and its reply is allowed (decisions 0013, 0015), a second message is not.
 */
export function automationChaosProblems(a: AutomationChaosAudit): string[] {
  const problems: string[] = [];
  const expect = (holds: boolean, sentence: string) => {
    if (!holds) problems.push(sentence);
  };
  expect(a.settled, 'not everything was done within 180 s');
  expect(a.enrolled === a.contacts, `${a.contacts - a.enrolled} of ${a.contacts} contacts never entered (or entered twice)`);
  expect(a.finished === a.contacts, `${a.contacts - a.finished} runs did not finish`);
  expect(a.failed === 0, `${a.failed} runs failed`);
  expect(a.twiceScored === 0, `${a.twiceScored} contacts scored other than once`);
  expect(a.untagged === 0, `${a.untagged} contacts without the last step's tag`);
  expect(a.emails === a.enrolled && a.runsWithTwoEmails === 0, `${a.emails} e-mails queued for ${a.enrolled} runs (${a.runsWithTwoEmails} runs with two)`);
  expect(a.smtpMessageIds <= a.emails && a.smtpMessageIds >= a.sent, `${a.smtpMessageIds} distinct e-mails at the SMTP server for ${a.emails} queued, ${a.sent} sent`);
  expect(a.notices === a.enrolled, `${a.notices} in-app notices for ${a.enrolled} runs`);
  expect(a.noticeEmails === a.enrolled && a.runsWithTwoNotices === 0, `${a.noticeEmails} notice e-mails queued for ${a.enrolled} runs (${a.runsWithTwoNotices} runs with two)`);
  expect(a.webhookMessages === a.enrolled && a.webhookIds <= a.webhookMessages, `${a.webhookMessages} webhook messages for ${a.enrolled} runs, ${a.webhookIds} distinct ids at the receiver`);
  expect(a.failedJobs === 0, `${a.failedJobs} automation jobs failed for good`);
  return problems;
}
