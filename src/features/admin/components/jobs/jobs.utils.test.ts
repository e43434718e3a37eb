import { describe, expect, it } from 'vitest';
import { jobActions, jobMomentLabel, jobStateBadge, taskLabel } from './jobs.utils';

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
