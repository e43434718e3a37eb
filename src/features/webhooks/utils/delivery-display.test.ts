import { describe, expect, it } from 'vitest';
import { deliveryState, nextAttemptText, relativeTime, type DeliveryRow } from './delivery-display';

const now = new Date('2026-03-10T09:00:00Z');
const row = (extra: Partial<DeliveryRow>): DeliveryRow => ({ status: 'pending', attempts: 0, next_attempt_at: null, locked_until: null, ...extra });

describe('deliveryState', () => {
  it.each([
    [row({ status: 'succeeded', attempts: 1 }), true, 'succeeded'],
    [row({ status: 'failed', attempts: 7 }), true, 'failed'],
    [row({ status: 'failed', attempts: 7 }), false, 'failed'],
    [row({ status: 'unconfirmed', attempts: 1 }), true, 'unconfirmed'],
    [row({ status: 'unconfirmed', attempts: 1 }), false, 'unconfirmed'],
    [row({ attempts: 1, locked_until: '2026-03-10T09:00:30Z' }), true, 'sending'],
    [row({ attempts: 1, locked_until: '2026-03-10T08:59:00Z', next_attempt_at: '2026-03-10T09:05:00Z' }), true, 'retrying'],
    [row({ next_attempt_at: '2026-03-10T09:00:00Z' }), true, 'pending'],
    [row({ attempts: 2, next_attempt_at: '2026-03-10T09:00:00Z' }), false, 'paused'],
  ] as const)('%j (endpoint enabled %s) → %s', (delivery, enabled, state) => {
    expect(deliveryState(delivery, enabled, now)).toBe(state);
  });
});

describe('relativeTime', () => {
  it.each([
    ['2026-03-10T09:00:00Z', 'now'],
    ['2026-03-10T09:00:05Z', 'in 5 seconds'],
    ['2026-03-10T09:05:00Z', 'in 5 minutes'],
    ['2026-03-10T11:00:00Z', 'in 2 hours'],
    ['2026-03-10T08:30:00Z', '30 minutes ago'],
    ['2026-03-11T09:00:00Z', 'tomorrow'],
  ])('%s → %s', (iso, text) => {
    expect(relativeTime(iso, now)).toBe(text);
  });
});

describe('nextAttemptText', () => {
  it('says when a waiting delivery is tried next, nothing otherwise', () => {
    const waiting = row({ attempts: 1, next_attempt_at: '2026-03-10T09:30:00Z' });
    expect(nextAttemptText(waiting, 'retrying', now)).toBe('Next attempt in 30 minutes');
    expect(nextAttemptText(waiting, 'paused', now)).toBeNull();
    expect(nextAttemptText(row({ status: 'succeeded' }), 'succeeded', now)).toBeNull();
  });
});
