import { act, fireEvent, render, screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { cachedAudioUrl, getAudioUrl } from '../api/get-audio-url';
import { AudioToggle } from './audio-toggle';

vi.mock('../api/get-audio-url', () => ({
  getAudioUrl: vi.fn(() => Promise.resolve('http://localhost/storage/v1/object/public/audio/beyond-brochures.mp3')),
  cachedAudioUrl: vi.fn(() => null),
  prefetchAudioUrl: vi.fn(),
}));

let play: ReturnType<typeof vi.fn>;
let pause: ReturnType<typeof vi.fn>;

beforeEach(() => {
  play = vi.fn(() => Promise.resolve());
  pause = vi.fn();
  vi.spyOn(HTMLMediaElement.prototype, 'play').mockImplementation(play as () => Promise<void>);
  vi.spyOn(HTMLMediaElement.prototype, 'pause').mockImplementation(pause as () => void);
});

afterEach(() => {
  vi.mocked(getAudioUrl).mockClear();
});

const audioElement = () => screen.getByTestId('site-audio') as HTMLAudioElement;

describe('AudioToggle', () => {
  it('starts stopped, with the fallback text inside the audio element', () => {
    render(<AudioToggle />);
    expect(screen.getByRole('button', { name: 'Play Audio' })).toBeInTheDocument();
    expect(audioElement()).toHaveTextContent('Your browser does not support the audio element.');
    expect(audioElement()).toHaveAttribute('preload', 'none');
  });

  it('plays the recording from its public URL and reads Stop Audio', async () => {
    render(<AudioToggle />);
    await userEvent.click(screen.getByRole('button', { name: 'Play Audio' }));
    expect(await screen.findByRole('button', { name: 'Stop Audio' })).toBeInTheDocument();
    expect(audioElement().src).toBe('http://localhost/storage/v1/object/public/audio/beyond-brochures.mp3');
    expect(play).toHaveBeenCalledTimes(1);
  });

  it('stops (and rewinds) on Stop Audio', async () => {
    render(<AudioToggle />);
    await userEvent.click(screen.getByRole('button', { name: 'Play Audio' }));
    await userEvent.click(await screen.findByRole('button', { name: 'Stop Audio' }));
    expect(pause).toHaveBeenCalledTimes(1);
    expect(audioElement().currentTime).toBe(0);
    expect(screen.getByRole('button', { name: 'Play Audio' })).toBeInTheDocument();
  });

  it('goes back to Play Audio when the recording ends, and plays again without asking for the URL twice', async () => {
    render(<AudioToggle />);
    await userEvent.click(screen.getByRole('button', { name: 'Play Audio' }));
    await screen.findByRole('button', { name: 'Stop Audio' });
    fireEvent.ended(audioElement());
    expect(screen.getByRole('button', { name: 'Play Audio' })).toBeInTheDocument();
    await userEvent.click(screen.getByRole('button', { name: 'Play Audio' }));
    expect(await screen.findByRole('button', { name: 'Stop Audio' })).toBeInTheDocument();
    expect(getAudioUrl).toHaveBeenCalledTimes(1);
    expect(play).toHaveBeenCalledTimes(2);
  });

  it('plays within the press itself when the URL is already known (prefetched on intent)', async () => {
    vi.mocked(cachedAudioUrl).mockReturnValueOnce('http://localhost/cached.mp3');
    render(<AudioToggle />);
    screen.getByRole('button', { name: 'Play Audio' }).click();
    expect(play).toHaveBeenCalledTimes(1);
    expect(audioElement().src).toBe('http://localhost/cached.mp3');
    expect(getAudioUrl).not.toHaveBeenCalled();
    expect(await screen.findByRole('button', { name: 'Stop Audio' })).toBeInTheDocument();
  });

  it('only logs a failed play and stays stopped', async () => {
    const error = vi.spyOn(console, 'error').mockImplementation(() => {});
    play.mockImplementationOnce(() => Promise.reject(new DOMException('The element has no supported sources.', 'NotSupportedError')));
    render(<AudioToggle />);
    await userEvent.click(screen.getByRole('button', { name: 'Play Audio' }));
    await act(() => Promise.resolve());
    expect(screen.getByRole('button', { name: 'Play Audio' })).toBeInTheDocument();
    expect(error).toHaveBeenCalledWith('Audio playback failed:', expect.any(DOMException));
  });

  it('only logs a URL that cannot be had (no backend) and stays stopped', async () => {
    const error = vi.spyOn(console, 'error').mockImplementation(() => {});
    vi.mocked(getAudioUrl).mockRejectedValueOnce(new Error('No backend configured'));
    render(<AudioToggle />);
    await userEvent.click(screen.getByRole('button', { name: 'Play Audio' }));
    await act(() => Promise.resolve());
    expect(screen.getByRole('button', { name: 'Play Audio' })).toBeInTheDocument();
    expect(play).not.toHaveBeenCalled();
    expect(error).toHaveBeenCalledWith('Audio playback failed:', expect.any(Error));
  });

  it('does not report a play that the visitor stopped before it began', async () => {
    const error = vi.spyOn(console, 'error').mockImplementation(() => {});
    let reject: (reason: unknown) => void = () => {};
    play.mockImplementationOnce(() => new Promise((_, rejectPlay) => (reject = rejectPlay)));
    render(<AudioToggle />);
    await userEvent.click(screen.getByRole('button', { name: 'Play Audio' }));
    await userEvent.click(await screen.findByRole('button', { name: 'Stop Audio' }));
    await act(async () => reject(new DOMException('The play() request was interrupted by a call to pause().', 'AbortError')));
    expect(screen.getByRole('button', { name: 'Play Audio' })).toBeInTheDocument();
    expect(error).not.toHaveBeenCalled();
  });
});
