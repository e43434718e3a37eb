import { describe, expect, it, vi } from 'vitest';
import { createAvailability, isConnectionFailure } from './availability';

describe('isConnectionFailure', () => {
  it.each([
    [{ code: 'CONNECTION_CLOSED' }, true],
    [{ code: 'CONNECTION_DESTROYED' }, true],
    [{ code: 'CONNECT_TIMEOUT' }, true],
    [{ code: 'ECONNREFUSED' }, true],
    [{ code: 'ECONNRESET' }, true],
    [{ code: '57P03', severity: 'FATAL' }, true],
    [{ code: '53300', severity: 'FATAL' }, true],
    [{ code: '57P01', severity: 'FATAL' }, true],
    [{ code: '08006' }, true],
    [{ code: '23505', severity: 'ERROR' }, false],
    [{ code: '57014', severity: 'ERROR' }, false],
    [{ code: '54011', severity: 'ERROR' }, false],
    [new Error('boom'), false],
    [null, false],
    ['CONNECTION_CLOSED', false],
  ])('%j → %s', (error, expected) => {
    expect(isConnectionFailure(error)).toBe(expected);
  });
});

describe('createAvailability', () => {
  const until = async (condition: () => boolean) => {
    for (let i = 0; i < 200 && !condition(); i += 1) await new Promise((resolve) => setTimeout(resolve, 10));
  };

  it('stays available when the probe after a failure answers', async () => {
    const probe = vi.fn().mockResolvedValue(undefined);
    const availability = createAvailability(probe);
    availability.reportConnectionFailure();
    await until(() => probe.mock.calls.length > 0);
    expect(availability.isAvailable()).toBe(true);
    availability.close();
  });

  it('is away while the probe fails, and back once it answers, saying so', async () => {
    let isDown = true;
    const probe = vi.fn(async () => {
      if (isDown) throw new Error('connect ECONNREFUSED');
    });
    const log = vi.fn();
    const availability = createAvailability(probe, log);
    availability.reportConnectionFailure();
    await until(() => !availability.isAvailable());
    expect(availability.isAvailable()).toBe(false);
    expect(log).toHaveBeenCalledWith('the database cannot be reached (connect ECONNREFUSED): answering 503 until it can');
    isDown = false;
    await until(() => availability.isAvailable());
    expect(availability.isAvailable()).toBe(true);
    expect(log).toHaveBeenLastCalledWith(expect.stringMatching(/^the database answers again \(after \d+\.\d s\)$/));
    availability.close();
  });

  it('is away while the embedded PostgreSQL restarts', () => {
    const availability = createAvailability(async () => {});
    availability.setRestarting(true);
    expect(availability.isAvailable()).toBe(false);
    availability.setRestarting(false);
    expect(availability.isAvailable()).toBe(true);
    availability.close();
  });
});
