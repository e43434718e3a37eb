import { describe, expect, it } from 'vitest';
import { challengeOf, CHUNK, chunksOf, MAX_WORK, progressOf, proofPayload, workerCount, type ProofChallenge } from './challenge';

const challenge: ProofChallenge = { algorithm: 'SHA-256', challenge: 'ab'.repeat(32), maxnumber: 100_000, salt: '0123abcd?expires=1800000000&', signature: 'cd'.repeat(32) };
const refusal = (hint: unknown, overrides: Record<string, unknown> = {}) => ({
  code: 'PT403',
  details: 'challenge_required',
  message: 'Many messages are arriving right now…',
  hint: typeof hint === 'string' ? hint : JSON.stringify(hint),
  ...overrides,
});

describe('challengeOf', () => {
  it('reads the challenge of a challenge_required refusal', () => {
    expect(challengeOf(refusal(challenge))).toEqual(challenge);
  });

  it('keeps only the challenge’s own fields', () => {
    expect(challengeOf(refusal({ ...challenge, extra: '<script>' }))).toEqual(challenge);
  });

  it.each([
    ['another error', { code: 'PT429', details: null, hint: null, message: 'Too many' }],
    ['another reason', refusal(challenge, { details: 'owner_only' })],
    ['no hint', refusal(challenge, { hint: null })],
    ['a hint that is not JSON', refusal('not json')],
    ['null', null],
    ['a string', 'challenge_required'],
    ['another algorithm', refusal({ ...challenge, algorithm: 'SHA-1' })],
    ['a challenge that is not 64 hex digits', refusal({ ...challenge, challenge: 'xyz' })],
    ['no signature', refusal({ ...challenge, signature: undefined })],
    ['an empty salt', refusal({ ...challenge, salt: '' })],
    ['a salt of 201 characters', refusal({ ...challenge, salt: 's'.repeat(201) })],
    ['a fractional maxnumber', refusal({ ...challenge, maxnumber: 1.5 })],
    ['a maxnumber of 0', refusal({ ...challenge, maxnumber: 0 })],
    ['more work than a browser is asked', refusal({ ...challenge, maxnumber: MAX_WORK + 1 })],
  ])('is null for %s', (_label, error) => {
    expect(challengeOf(error)).toBeNull();
  });
});

describe('proofPayload', () => {
  it('is base64 of ALTCHA’s solution JSON', () => {
    expect(JSON.parse(atob(proofPayload(challenge, 4242)))).toEqual({
      algorithm: 'SHA-256',
      challenge: challenge.challenge,
      number: 4242,
      salt: challenge.salt,
      signature: challenge.signature,
    });
  });
});

describe('chunksOf', () => {
  it.each([
    [1, 0],
    [1, 12_345],
    [3, 100_000],
    [4, 1_600_000],
    [4, CHUNK - 1],
  ])('with %i workers, covers 0…%i exactly once', (workers, maxnumber) => {
    const numbers = Array.from({ length: workers }, (_, index) => chunksOf(index, workers, maxnumber))
      .flat()
      .sort((a, b) => a.from - b.from);
    let next = 0;
    for (const { from, to } of numbers) {
      expect(from).toBe(next);
      expect(to - from).toBeLessThan(CHUNK);
      next = to + 1;
    }
    expect(next).toBe(maxnumber + 1);
  });

  it('gives a worker with nothing to do no chunk', () => {
    expect(chunksOf(3, 4, CHUNK * 2)).toEqual([]);
  });
});

describe('progressOf', () => {
  it.each([
    [0, 100_000, 0],
    [5_000, 100_000, 4],
    [50_000, 100_000, 49],
    [100_001, 100_000, 99],
    [200_000, 100_000, 99],
    [10, 0, 0],
  ])('%i tried of 0…%i is %i%%', (tried, maxnumber, percent) => {
    expect(progressOf(tried, maxnumber)).toBe(percent);
  });
});

describe('workerCount', () => {
  it.each([
    [undefined, 2],
    [0, 1],
    [1, 1],
    [3, 3],
    [16, 4],
    [Number.NaN, 1],
  ])('%s cores → %i workers', (cores, workers) => {
    expect(workerCount(cores)).toBe(workers);
  });
});
