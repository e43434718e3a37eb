import { describe, expect, it } from 'vitest';
import { automationChaosProblems, type AutomationChaosAudit } from './chaos-automation-verdict';

/** The figures of a run that kept every promise: 150 contacts, one SMTP message sent again with its Message-ID. */
const passed: AutomationChaosAudit = {
  contacts: 150, settled: true, enrolled: 150, finished: 150, failed: 0, twiceScored: 0, untagged: 0, emails: 150, runsWithTwoEmails: 0,
  sent: 149, smtpMessageIds: 150, notices: 150, noticeEmails: 150, runsWithTwoNotices: 0, webhookMessages: 150, webhookIds: 150, failedJobs: 0,
};

describe('automationChaosProblems', () => {
  it('passes a run that kept every promise (a message sent again under its own Message-ID is allowed)', () => {
    expect(automationChaosProblems(passed)).toEqual([]);
  });

  it.each<[string, Partial<AutomationChaosAudit>, string]>([
    ['a lost run', { enrolled: 149, finished: 149 }, '1 of 150 contacts never entered (or entered twice)'],
    ['a score step applied twice', { twiceScored: 1 }, '1 contacts scored other than once'],
    ['an e-mail queued twice for one run', { emails: 151, runsWithTwoEmails: 1 }, '151 e-mails queued for 150 runs (1 runs with two)'],
    ['a second message at the SMTP server', { smtpMessageIds: 151 }, '151 distinct e-mails at the SMTP server for 150 queued, 149 sent'],
    ['a notice e-mail queued twice', { noticeEmails: 151, runsWithTwoNotices: 1 }, '151 notice e-mails queued for 150 runs (1 runs with two)'],
    ['a webhook message recorded twice', { webhookMessages: 151, webhookIds: 151 }, '151 webhook messages for 150 runs, 151 distinct ids at the receiver'],
    ['a job failed for good', { failedJobs: 2 }, '2 automation jobs failed for good'],
    ['runs not finished in time', { settled: false, finished: 140 }, 'not everything was done within 180 s'],
  ])('fails %s', (_name, change, problem) => {
    expect(automationChaosProblems({ ...passed, ...change })).toContain(problem);
  });
});
