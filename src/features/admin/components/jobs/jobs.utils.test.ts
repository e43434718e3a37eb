import { describe, expect, it } from 'vitest';
import { cancelConsequence, jobActions, jobAttemptsText, jobMomentLabel, jobStateBadge, taskLabel } from './jobs.utils';

describe('jobActions', () => {
  it.each([
    ['failed', { retry: 'retry', cancel: 'dismiss' }],
    ['retrying', { retry: 'run-now', cancel: 'cancel' }],
    ['queued', { retry: 'run-now', cancel: 'cancel' }],
    ['scheduled', { retry: 'run-now', cancel: 'cancel' }],
    ['running', { retry: null, cancel: null }],
    ['something new', { retry: null, cancel: null }],
  ])('%s → %j', (state, expected) => {
    expect(jobActions(state)).toEqual(expected);
  });
});

describe('jobStateBadge', () => {
  it.each([
    ['failed', 'Failed', 'red'],
    ['retrying', 'Retrying', 'yellow'],
    ['running', 'Running', 'blue'],
    ['queued', 'Queued', 'grey'],
    ['scheduled', 'Scheduled', 'grey'],
  ])('%s → %s, %s', (state, label, variant) => {
    expect(jobStateBadge(state)).toEqual({ label, variant });
  });
});

describe('taskLabel and jobMomentLabel', () => {
  it('names known tasks in words and others by their identifier', () => {
    expect(taskLabel('publish_content')).toBe('Publish scheduled content');
    expect(taskLabel('deliver_webhooks')).toBe('deliver_webhooks');
  });
  it('a failed job shows when it failed, any other when it runs', () => {
    expect(jobMomentLabel('failed')).toBe('Failed at');
    expect(jobMomentLabel('scheduled')).toBe('Runs at');
  });
});

describe('jobAttemptsText', () => {
  it('counts attempts of a job, and the runs in a row of a repeating job that keeps failing', () => {
    expect(jobAttemptsText({ job_key: 'email:3', state: 'failed', attempts: 8, max_attempts: 8 })).toBe('8 of 8');
    expect(jobAttemptsText({ job_key: 'repeat:refresh_analytics_rollups', state: 'queued', attempts: 0, max_attempts: 1 })).toBe('0 of 1');
    expect(jobAttemptsText({ job_key: 'repeat:refresh_analytics_rollups', state: 'failed', attempts: 1, max_attempts: 1 })).toBe('1 run failed; it keeps running on its schedule');
    expect(jobAttemptsText({ job_key: 'repeat:refresh_analytics_rollups', state: 'failed', attempts: 4, max_attempts: 4 })).toBe('4 runs in a row failed; it keeps running on its schedule');
  });
});

describe('cancelConsequence', () => {
  it('says a publication’s job unschedules its item, and any other job only does not run', () => {
    expect(cancelConsequence('publish_content').description).toMatch(/unscheduled.*schedule it again in the Content Hub/);
    expect(cancelConsequence('publish_content').done).toBe('The job was cancelled and the item unscheduled.');
    expect(cancelConsequence('send_email')).toEqual({ description: '"Send e-mail" will not run.', done: 'The job was cancelled.' });
  });
});
