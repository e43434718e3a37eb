import { describe, expect, it } from 'vitest';
import { canSendAgain, channelBadge, needsReconnect, scheduleFromLocal } from './channel-display';

describe('channelBadge', () => {
  it.each([
    ['draft', 'Draft', 'grey'],
    ['scheduled', 'Scheduled', 'blue'],
    ['attempting', 'Sending…', 'yellow'],
    ['published', 'Published', 'green'],
    ['failed', 'Failed', 'red'],
    ['unconfirmed', 'Unconfirmed', 'yellow'],
    ['something new', 'something new', 'outline'],
  ])('%s', (status, label, variant) => {
    expect(channelBadge(status)).toEqual({ label, variant });
  });
});

describe('canSendAgain', () => {
  it.each([['failed', true], ['unconfirmed', true], ['published', false], ['attempting', false], ['scheduled', false], ['draft', false]])('%s → %s', (status, expected) => {
    expect(canSendAgain(status)).toBe(expected);
  });
});

describe('needsReconnect', () => {
  it.each([
    ['bluesky', 'reconnect', true],
    ['mastodon', 'failed', true],
    ['bluesky', 'connected', false],
    ['bluesky', 'connecting', false],
    ['webhook', 'failed', false],
  ])('%s %s → %s', (network, status, expected) => {
    expect(needsReconnect(network, status)).toBe(expected);
  });
});

describe('scheduleFromLocal', () => {
  it('reads a datetime-local value in the browser’s zone', () => {
    expect(scheduleFromLocal('2030-01-02T09:30')).toBe(new Date(2030, 0, 2, 9, 30).toISOString());
  });
  it.each([[''], ['not a date']])('%j → null', (value) => {
    expect(scheduleFromLocal(value)).toBeNull();
  });
});
