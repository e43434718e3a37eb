import type { BadgeProps } from '@/components/ui/badge';
import { approvalCopy } from '@/config/social-approval-copy';

export type ChannelStatus = 'draft' | 'awaiting_approval' | 'scheduled' | 'attempting' | 'published' | 'failed' | 'unconfirmed';
export type AccountStatus = 'connecting' | 'connected' | 'reconnect' | 'failed';
type Variant = NonNullable<BadgeProps['variant']>;

const CHANNEL: Record<ChannelStatus, { label: string; variant: Variant }> = {
  draft: { label: 'Draft', variant: 'grey' },
  awaiting_approval: { label: 'Awaiting approval', variant: 'yellow' },
  scheduled: { label: 'Scheduled', variant: 'blue' },
  attempting: { label: 'Sending…', variant: 'yellow' },
  published: { label: 'Published', variant: 'green' },
  failed: { label: 'Failed', variant: 'red' },
  unconfirmed: { label: 'Unconfirmed', variant: 'yellow' },
};

/** A channel's badge; unknown values show as they are. */
export function channelBadge(status: string): { label: string; variant: Variant } {
  return CHANNEL[status as ChannelStatus] ?? { label: status, variant: 'outline' };
}

const APPROVAL: Record<string, Variant> = { awaiting: 'yellow', approved: 'green', changes_requested: 'red' };

/** A post's approval badge; null when no approval was asked. */
export function approvalBadge(status: string | null): { label: string; variant: Variant } | null {
  if (!status) return null;
  return { label: approvalCopy.status[status] ?? status, variant: APPROVAL[status] ?? 'outline' };
}

/** Whether a person may send a channel again: only after a failure or an unknown outcome, never by itself. */
export function canSendAgain(status: string): boolean {
  return status === 'failed' || status === 'unconfirmed';
}

/** Whether an account shows "Reconnect": the network refused its credentials, or it never connected. */
export function needsReconnect(network: string, status: string): boolean {
  return network !== 'webhook' && (status === 'reconnect' || status === 'failed');
}

/** `2026-11-28T09:00` (a datetime-local value, the browser's zone) → ISO, or null for empty / invalid. */
export function scheduleFromLocal(value: string): string | null {
  if (!value) return null;
  const moment = new Date(value);
  return Number.isNaN(moment.getTime()) ? null : moment.toISOString();
}
