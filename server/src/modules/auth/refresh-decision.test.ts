import { describe, expect, it } from 'vitest';
import { decideRefresh } from './refresh-decision';

const now = new Date('2026-01-01T12:00:00Z');
const seconds = (n: number) => new Date(now.getTime() + n * 1000);
const decide = (token: { revoked: boolean; updatedAt: Date }, notAfter: Date | null = null, reuseIntervalSeconds = 10) =>
  decideRefresh({ token, session: { notAfter }, now, reuseIntervalSeconds });

describe('decideRefresh', () => {
  it('rotates the active token', () => {
    expect(decide({ revoked: false, updatedAt: seconds(-3600) })).toBe('rotate');
  });

  it('answers a token rotated within the reuse interval with the active one', () => {
    expect(decide({ revoked: true, updatedAt: seconds(-1) })).toBe('reuse-active');
    expect(decide({ revoked: true, updatedAt: seconds(-10) })).toBe('reuse-active');
  });

  it('ends the session for a token rotated longer ago', () => {
    expect(decide({ revoked: true, updatedAt: seconds(-10.001) })).toBe('revoke-session');
    expect(decide({ revoked: true, updatedAt: seconds(-86400) })).toBe('revoke-session');
  });

  it('treats every replay as reuse when the interval is 0', () => {
    expect(decide({ revoked: true, updatedAt: seconds(-0.001) }, null, 0)).toBe('revoke-session');
  });

  it('refuses any token of an expired session first', () => {
    expect(decide({ revoked: false, updatedAt: seconds(-1) }, seconds(-1))).toBe('session-expired');
    expect(decide({ revoked: true, updatedAt: seconds(-100) }, seconds(-1))).toBe('session-expired');
    expect(decide({ revoked: false, updatedAt: seconds(-1) }, seconds(60))).toBe('rotate');
  });
});
