import { describe, expect, it } from 'vitest';
import { CHAOS_PARTS, chaosOptions } from './chaos-options';

describe('chaosOptions', () => {
  it('runs every part with 5 kills when nothing is named (a plain `npm run chaos`)', () => {
    expect(chaosOptions(['/usr/bin/node', 'scripts/chaos.ts'])).toEqual({ kills: 5, parts: CHAOS_PARTS });
  });
  it('runs the one part named by --only, with the kills asked for', () => {
    expect(chaosOptions(['node', 'chaos.ts', '--only', 'automation', '--kills', '3'])).toEqual({ kills: 3, parts: ['automation'] });
  });
  it('refuses an unknown part, a flag without its value and kills that are not a whole number ≥ 1', () => {
    expect(() => chaosOptions(['node', 'chaos.ts', '--only', 'email'])).toThrow('--only takes one of writes, jobs, webhooks, social, automation, not "email"');
    expect(() => chaosOptions(['node', 'chaos.ts', '--only'])).toThrow('--only needs a value');
    expect(() => chaosOptions(['node', 'chaos.ts', '--kills', '--only', 'jobs'])).toThrow('--kills needs a value');
    expect(() => chaosOptions(['node', 'chaos.ts', '--kills', '0'])).toThrow('--kills takes a whole number of at least 1, not "0"');
  });
});
