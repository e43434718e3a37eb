import { act, fireEvent, render, screen } from '@testing-library/react';
import { describe, expect, it, vi } from 'vitest';
import { useLoadOnIntent } from './use-load-on-intent';

function deferred<T>() {
  let resolve!: (value: T) => void;
  const promise = new Promise<T>((done) => (resolve = done));
  return { promise, resolve };
}

function Header({ load }: { load: () => Promise<string> }) {
  const { loaded, clicked, intent } = useLoadOnIntent(load);
  return (
    <>
      {loaded ? <button type="button">{`real a ${clicked === 'a' ? 'open' : 'closed'}`}</button> : <button type="button" {...intent('a')}>stand-in a</button>}
      {loaded ? <button type="button">{`real b ${clicked === 'b' ? 'open' : 'closed'}`}</button> : <button type="button" {...intent('b')}>stand-in b</button>}
    </>
  );
}

describe('useLoadOnIntent', () => {
  it('loads nothing until a sign of intent, preloads on hover, focus or touch without swapping anything', async () => {
    const load = vi.fn(() => Promise.resolve('menus'));
    render(<Header load={load} />);
    expect(load).not.toHaveBeenCalled();
    fireEvent.pointerEnter(screen.getByText('stand-in b'));
    fireEvent.focus(screen.getByText('stand-in a'));
    fireEvent.touchStart(screen.getByText('stand-in a'));
    await act(async () => {});
    expect(load).toHaveBeenCalledTimes(1);
    expect(screen.getByText('stand-in a')).toBeInTheDocument();
  });

  it('on a click, swaps every stand-in for the real trigger and opens the clicked one once loaded', async () => {
    const module = deferred<string>();
    render(<Header load={() => module.promise} />);
    fireEvent.click(screen.getByText('stand-in b'));
    expect(screen.getByText('stand-in b')).toBeInTheDocument();
    await act(async () => module.resolve('menus'));
    expect(screen.getByText('real a closed')).toBeInTheDocument();
    expect(screen.getByText('real b open')).toBeInTheDocument();
  });

  it('tries again after a failed load', async () => {
    vi.spyOn(console, 'error').mockImplementation(() => {});
    const load = vi.fn<() => Promise<string>>().mockRejectedValueOnce(new Error('offline')).mockResolvedValue('menus');
    render(<Header load={load} />);
    await act(async () => fireEvent.click(screen.getByText('stand-in a')));
    expect(screen.getByText('stand-in a')).toBeInTheDocument();
    await act(async () => fireEvent.click(screen.getByText('stand-in a')));
    expect(screen.getByText('real a open')).toBeInTheDocument();
    expect(load).toHaveBeenCalledTimes(2);
  });
});
