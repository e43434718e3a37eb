import { describe, expect, it } from 'vitest';
import { campaignActions, type CampaignStatus } from './campaign-actions';

describe('campaignActions', () => {
  it.each<[CampaignStatus, boolean, string[]]>([
    ['draft', true, ['edit', 'test', 'send', 'schedule', 'delete']],
    ['draft', false, ['edit', 'delete']],
    ['scheduled', true, ['unschedule', 'cancel']],
    ['sending', true, ['pause', 'cancel']],
    ['paused', true, ['resume', 'cancel']],
    ['paused', false, ['cancel']],
    ['sent', true, ['delete']],
    ['cancelled', false, ['delete']],
  ])('%s with a worker %s → %j', (status, workerAlive, expected) => {
    expect(campaignActions(status, { canWrite: true, workerAlive })).toEqual(expected);
  });

  it('a viewer reads only', () => {
    expect(campaignActions('draft', { canWrite: false, workerAlive: true })).toEqual([]);
  });
});
