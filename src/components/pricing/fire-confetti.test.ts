import confetti from 'canvas-confetti';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { fireConfetti } from './fire-confetti';

const shoot = Object.assign(vi.fn(() => Promise.resolve()), { reset: vi.fn() });
vi.mock('canvas-confetti', () => ({ default: { create: vi.fn(() => shoot) } }));

function prefersReducedMotion(matches: boolean) {
  vi.stubGlobal('matchMedia', vi.fn((query: string) => ({ matches: matches && query.includes('reduce'), media: query })));
}

afterEach(() => {
  vi.unstubAllGlobals();
  vi.mocked(confetti.create).mockClear();
  shoot.mockClear();
});

describe('fireConfetti', () => {
  it('does nothing at all for visitors who prefer reduced motion', async () => {
    prefersReducedMotion(true);
    await fireConfetti();
    expect(confetti.create).not.toHaveBeenCalled();
    expect(document.querySelector('canvas')).toBeNull();
  });

  it('shoots once on its own canvas, without a worker, and removes the canvas afterwards', async () => {
    prefersReducedMotion(false);
    let canvasDuringShot: Element | null = null;
    shoot.mockImplementationOnce(() => {
      canvasDuringShot = document.querySelector('canvas[aria-hidden="true"]');
      return Promise.resolve();
    });
    await fireConfetti();
    expect(confetti.create).toHaveBeenCalledWith(expect.any(HTMLCanvasElement), expect.objectContaining({ useWorker: false }));
    expect(shoot).toHaveBeenCalledTimes(1);
    expect(canvasDuringShot).not.toBeNull();
    expect(document.querySelector('canvas')).toBeNull();
  });
});
