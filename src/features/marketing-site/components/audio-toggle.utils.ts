/**
 * Audio states of spec §4: stopped → playing on Play Audio; back to stopped on Stop Audio or at the end.
 * 'starting' covers the wait for the URL and for play(); a failed play is only logged and leaves it stopped.
 */
export type AudioState = 'stopped' | 'starting' | 'playing';
export type AudioEvent = 'toggle' | 'started' | 'failed' | 'ended' | 'paused';

export function nextAudioState(state: AudioState, event: AudioEvent): AudioState {
  switch (event) {
    case 'toggle':
      return state === 'stopped' ? 'starting' : 'stopped';
    case 'started':
      return state === 'starting' ? 'playing' : state;
    case 'failed':
    case 'ended':
    case 'paused':
      return 'stopped';
  }
}

/** The button reads 'Stop Audio' while playing or about to. */
export function isAudioActive(state: AudioState): boolean {
  return state !== 'stopped';
}
