import { act, render, screen } from '@testing-library/react';
import { createMemoryRouter, Link, RouterProvider, useNavigate } from 'react-router';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { RootLayout } from './root-layout';

function Broken(): never {
  throw new Error('render failed');
}

function Page({ name }: { name: string }) {
  const navigate = useNavigate();
  return (
    <>
      <p>{name}</p>
      <Link to="/b">to b</Link>
      <Link to="/broken">to broken</Link>
      <button type="button" onClick={() => void navigate(-1)}>
        back
      </button>
    </>
  );
}

function renderApp(path: string) {
  const router = createMemoryRouter(
    [
      {
        element: <RootLayout />,
        children: [
          { path: '/a', element: <Page name="page a" /> },
          { path: '/b', element: <Page name="page b" /> },
          { path: '/broken', element: <Broken /> },
        ],
      },
    ],
    { initialEntries: [path] },
  );
  render(<RouterProvider router={router} />);
  return router;
}

let scrollY = 0;
beforeEach(() => {
  scrollY = 0;
  Object.defineProperty(window, 'scrollY', { configurable: true, get: () => scrollY });
  vi.spyOn(window, 'scrollTo').mockImplementation(((_x: number, y: number) => {
    scrollY = y;
  }) as typeof window.scrollTo);
});
afterEach(() => {
  sessionStorage.clear();
});

describe('RootLayout', () => {
  it('shows the route error for a page that throws, and the next page again after a navigation', async () => {
    vi.spyOn(console, 'error').mockImplementation(() => {});
    const router = renderApp('/broken');
    expect(screen.getByRole('heading', { name: 'Something went wrong' })).toBeInTheDocument();
    await act(() => router.navigate('/a'));
    expect(screen.getByText('page a')).toBeInTheDocument();
    expect(screen.queryByRole('alert')).toBeNull();
  });

  it('starts a new page at the top and returns to the position of the entry on Back', async () => {
    const router = renderApp('/a');
    await act(() => router.navigate('/b'));
    scrollY = 480;
    window.dispatchEvent(new Event('scroll'));
    await act(() => router.navigate('/a'));
    expect(window.scrollTo).toHaveBeenLastCalledWith(0, 0);
    await act(() => router.navigate(-1));
    expect(screen.getByText('page b')).toBeInTheDocument();
    expect(window.scrollTo).toHaveBeenLastCalledWith(0, 480);
  });
});
