import { webhooksCopy } from '@/config/webhooks-copy';

export interface DeliveryRow {
  status: 'pending' | 'succeeded' | 'failed' | 'unconfirmed' | string;
  attempts: number;
  next_attempt_at: string | null;
  locked_until: string | null;
}

export type DeliveryState = keyof typeof webhooksCopy.statusLabels;

/** What a delivery is doing now, as the log shows it. */
export function deliveryState(delivery: DeliveryRow, endpointEnabled: boolean, now: Date): DeliveryState {
  if (delivery.status === 'succeeded') return 'succeeded';
  if (delivery.status === 'failed') return 'failed';
  if (delivery.status === 'unconfirmed') return 'unconfirmed';
  if (delivery.locked_until && Date.parse(delivery.locked_until) > now.getTime()) return 'sending';
  if (!endpointEnabled) return 'paused';
  return delivery.attempts > 0 ? 'retrying' : 'pending';
}

export const stateBadge: Record<DeliveryState, 'green' | 'yellow' | 'red' | 'blue' | 'grey'> = {
  succeeded: 'green',
  pending: 'blue',
  sending: 'blue',
  retrying: 'yellow',
  failed: 'red',
  unconfirmed: 'yellow',
  paused: 'grey',
};

const UNITS: Array<[Intl.RelativeTimeFormatUnit, number]> = [
  ['day', 86_400],
  ['hour', 3_600],
  ['minute', 60],
  ['second', 1],
];

/** "in 5 minutes", "2 hours ago", "now": the largest whole unit, rounded. */
export function relativeTime(iso: string, now: Date, locale = 'en'): string {
  const seconds = Math.round((Date.parse(iso) - now.getTime()) / 1000);
  const format = new Intl.RelativeTimeFormat(locale, { numeric: 'auto' });
  for (const [unit, size] of UNITS) {
    if (Math.abs(seconds) >= size || unit === 'second') return format.format(Math.round(seconds / size), unit);
  }
  return format.format(0, 'second');
}

/** The next-attempt line of a waiting delivery, or null. */
export function nextAttemptText(delivery: DeliveryRow, state: DeliveryState, now: Date): string | null {
  if ((state !== 'retrying' && state !== 'pending') || !delivery.next_attempt_at) return null;
  return webhooksCopy.nextAttempt(relativeTime(delivery.next_attempt_at, now));
}
