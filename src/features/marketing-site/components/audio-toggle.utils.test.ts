import { describe, expect, it } from 'vitest';
import { isAudioActive, nextAudioState, type AudioEvent, type AudioState } from './audio-toggle.utils';

describe('nextAudioState', () => {
  it.each<[AudioState, AudioEvent, AudioState]>([
    ['stopped', 'toggle', 'starting'],
    ['starting', 'started', 'playing'],
    ['starting', 'toggle', 'stopped'],
    ['starting', 'failed', 'stopped'],
    ['playing', 'toggle', 'stopped'],
    ['playing', 'ended', 'stopped'],
    ['playing', 'paused', 'stopped'],
    ['stopped', 'started', 'stopped'],
    ['stopped', 'ended', 'stopped'],
    ['stopped', 'failed', 'stopped'],
  ])('%s + %s → %s', (state, event, next) => {
    expect(nextAudioState(state, event)).toBe(next);
  });

  it('reads Stop Audio while starting or playing', () => {
    expect(isAudioActive('stopped')).toBe(false);
    expect(isAudioActive('starting')).toBe(true);
    expect(isAudioActive('playing')).toBe(true);
  });
});
