import '@testing-library/jest-dom/vitest';
import { cleanup, configure } from '@testing-library/react';
import { afterAll, afterEach, vi } from 'vitest';

// findBy…/waitFor wait up to 3 s (Testing Library's default is 1 s): the 2-core machines run the unit tests beside
// other work, and a first render of a screen with its data can take longer than a second there. Nothing waits
// longer when it passes.
configure({ asyncUtilTimeout: 3_000 });

// What Radix Select calls and jsdom lacks.
Element.prototype.hasPointerCapture ??= () => false;
Element.prototype.releasePointerCapture ??= () => {};
Element.prototype.scrollIntoView ??= () => {};
// Radix Checkbox (and Switch) measure themselves.
globalThis.ResizeObserver ??= class {
  observe() {}
  unobserve() {}
  disconnect() {}
};

afterEach(() => {
  cleanup();
});

// Most of these files share one jsdom per worker (vitest.config.ts, `unit-web`): each file leaves the page as a fresh
// jsdom would start the next one — no storage, the first URL, real timers, no stubbed globals, an empty body.
const firstUrl = window.location.href;
afterAll(() => {
  localStorage.clear();
  sessionStorage.clear();
  if (window.location.href !== firstUrl) window.history.replaceState(null, '', firstUrl);
  vi.useRealTimers();
  vi.unstubAllGlobals();
  document.body.innerHTML = '';
  document.head.innerHTML = '';
});
