export type CampaignStatus = 'draft' | 'scheduled' | 'sending' | 'paused' | 'sent' | 'cancelled';
export type CampaignAction = 'edit' | 'test' | 'send' | 'schedule' | 'unschedule' | 'pause' | 'resume' | 'cancel' | 'delete';

/**
 * What a member may do with a campaign in each state (the database refuses the rest). Sending, scheduling and
 * resuming need a running worker: without one they are left out, and the page says why.
 */
export function campaignActions(status: CampaignStatus, options: { canWrite: boolean; workerAlive: boolean }): CampaignAction[] {
  if (!options.canWrite) return [];
  const sending = options.workerAlive;
  switch (status) {
    case 'draft':
      return ['edit', ...(sending ? (['test', 'send', 'schedule'] as const) : []), 'delete'];
    case 'scheduled':
      return ['unschedule', 'cancel'];
    case 'sending':
      return ['pause', 'cancel'];
    case 'paused':
      return [...(sending ? (['resume'] as const) : []), 'cancel'];
    case 'sent':
    case 'cancelled':
      return ['delete'];
  }
}

/** Badge colours of the states. */
export const CAMPAIGN_STATE_VARIANT: Record<CampaignStatus, 'green' | 'blue' | 'grey' | 'yellow' | 'red'> = {
  draft: 'grey',
  scheduled: 'blue',
  sending: 'blue',
  paused: 'yellow',
  sent: 'green',
  cancelled: 'red',
};
