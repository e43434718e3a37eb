import { screen } from '@testing-library/react';
import { beforeEach, describe, expect, it, vi } from 'vitest';
import { useComposerLinkCard } from '@/features/social/api/get-composer-link-card';
import { useRequestLinkPreview } from '@/features/social/api/request-link-preview';
import ComposerLinkCard from '@/features/social/components/composer-link-card';
import type { ComposerCard } from '@/features/social/utils/composer-link';
import { renderRoutes } from '@/testing/render';

vi.mock('@/lib/supabase', async () => {
  const { createFakeSupabase } = await import('@/testing/fake-supabase');
  return { supabase: createFakeSupabase().client };
});
vi.mock('@/features/social/api/request-link-preview', () => ({ useRequestLinkPreview: vi.fn() }));
vi.mock('@/features/social/api/get-composer-link-card', () => ({ useComposerLinkCard: vi.fn() }));

const request = vi.mocked(useRequestLinkPreview);
const polled = vi.mocked(useComposerLinkCard);
const URL_ = 'https://shop.example.com/boots';
const card = (overrides: Partial<ComposerCard>): ComposerCard => ({
  url: URL_, status: 'ready', title: 'Autumn boots', description: 'Waterproof', image_url: 'https://shop.example.com/b.png', note: null, ...overrides,
});
const answer = (data: ComposerCard | undefined, error: Error | null = null) =>
  ({ data, error, isSuccess: data !== undefined, dataUpdatedAt: data ? Date.now() : 0 }) as unknown as ReturnType<typeof useRequestLinkPreview>;

beforeEach(() => {
  request.mockReset();
  polled.mockReset();
});

describe('ComposerLinkCard', () => {
  it('asks for nothing while the link is half typed', async () => {
    request.mockReturnValue(answer(undefined));
    polled.mockReturnValue(answer(undefined) as never);
    renderRoutes([{ path: '/', element: <ComposerLinkCard workspaceId="acme" body="Look https://shop" /> }]);
    await new Promise((resolve) => setTimeout(resolve, 800));
    expect(request).toHaveBeenLastCalledWith('acme', null);
    expect(screen.queryByRole('region', { name: 'Link preview' })).toBeNull();
  });

  it('asks for the first whole link once the typing pauses, says it is fetching, then shows the card', async () => {
    request.mockReturnValue(answer(card({ status: 'pending', title: null })));
    polled.mockReturnValue(answer(card({ status: 'pending', title: null })) as never);
    const view = renderRoutes([{ path: '/', element: <ComposerLinkCard workspaceId="acme" body={`New: ${URL_}, and https://other.example.com`} /> }]);
    expect(await screen.findByRole('status')).toHaveTextContent('Fetching the link’s preview…');
    expect(request).toHaveBeenLastCalledWith('acme', URL_);
    view.unmount();

    polled.mockReturnValue(answer(card({})) as never);
    renderRoutes([{ path: '/', element: <ComposerLinkCard workspaceId="acme" body={`New: ${URL_}`} /> }]);
    const link = await screen.findByRole('link', { name: 'Link card: Autumn boots' });
    expect(link).toHaveAttribute('href', URL_);
    expect(link).toHaveTextContent('Waterproof');
    expect(link).toHaveTextContent('shop.example.com');
    expect(link.querySelector('img')).toHaveAttribute('src', 'https://shop.example.com/b.png');
  });

  it('says "no preview" with the page’s reason, and shows a refused request', async () => {
    request.mockReturnValue(answer(card({ status: 'pending' })));
    polled.mockReturnValue(answer(card({ status: 'failed', title: null, note: 'The page answered HTTP 404.' })) as never);
    const view = renderRoutes([{ path: '/', element: <ComposerLinkCard workspaceId="acme" body={URL_} /> }]);
    expect(await screen.findByText('No preview for this link: The page answered HTTP 404.')).toBeInTheDocument();
    view.unmount();

    request.mockReturnValue(answer(undefined, new Error('Too many link previews were asked for in this workspace in the last hour: try again later.')));
    polled.mockReturnValue(answer(undefined) as never);
    renderRoutes([{ path: '/', element: <ComposerLinkCard workspaceId="acme" body={URL_} /> }]);
    expect(await screen.findByRole('alert')).toHaveTextContent('The preview could not be asked for: Too many link previews');
  });
});
