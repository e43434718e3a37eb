import { Play, Square } from 'lucide-react';
import { useRef, useState } from 'react';
import { buttonVariants } from '@/components/ui/button-variants';
import { publicMessages } from '@/config/public-messages';
import { cachedAudioUrl, getAudioUrl, prefetchAudioUrl } from '../api/get-audio-url';
import { isAudioActive, nextAudioState, type AudioEvent, type AudioState } from './audio-toggle.utils';

/** 'Play Audio' / 'Stop Audio' for the 'beyond brochures' recording of the storage bucket `audio`. */
export function AudioToggle() {
  const audioRef = useRef<HTMLAudioElement>(null);
  const stateRef = useRef<AudioState>('stopped');
  const attemptRef = useRef(0);
  const [state, setState] = useState<AudioState>('stopped');

  const dispatch = (event: AudioEvent) => {
    stateRef.current = nextAudioState(stateRef.current, event);
    setState(stateRef.current);
  };

  const start = async (audio: HTMLAudioElement) => {
    const attempt = ++attemptRef.current;
    // A later press (Stop, or Stop then Play) makes this attempt stale: its outcome no longer matters.
    const isCurrent = () => attempt === attemptRef.current && stateRef.current === 'starting';
    try {
      // Known URL (prefetched on intent): play() runs within the press, with no await before it.
      if (!audio.getAttribute('src')) audio.src = cachedAudioUrl() ?? (await getAudioUrl());
      if (!isCurrent()) return;
      await audio.play();
      if (isCurrent()) dispatch('started');
    } catch (error) {
      if (!isCurrent()) return;
      console.error('Audio playback failed:', error);
      dispatch('failed');
    }
  };

  const handleClick = () => {
    const audio = audioRef.current;
    if (!audio) return;
    const wasActive = isAudioActive(stateRef.current);
    dispatch('toggle');
    if (wasActive) {
      attemptRef.current += 1;
      audio.pause();
      audio.currentTime = 0;
    } else {
      void start(audio);
    }
  };

  const isActive = isAudioActive(state);
  return (
    <>
      <button
        type="button"
        onClick={handleClick}
        onPointerEnter={prefetchAudioUrl}
        onFocus={prefetchAudioUrl}
        onTouchStart={prefetchAudioUrl}
        className={buttonVariants({ variant: 'outline', size: 'lg', className: 'gap-2' })}
      >
        {isActive ? <Square aria-hidden="true" /> : <Play aria-hidden="true" />}
        {isActive ? publicMessages.audio.stop : publicMessages.audio.play}
      </button>
      <audio
        ref={audioRef}
        preload="none"
        data-testid="site-audio"
        onEnded={() => dispatch('ended')}
        onPause={() => {
          if (stateRef.current === 'playing') dispatch('paused');
        }}
      >
        {publicMessages.audio.unsupported}
      </audio>
    </>
  );
}
