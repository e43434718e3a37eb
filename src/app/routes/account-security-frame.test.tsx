import { render, screen } from '@testing-library/react';
import { beforeEach, describe, expect, it, vi } from 'vitest';
import { accountSecurityCopy as copy } from '@/config/security-copy';
import { AccountSecurityPage } from '@/features/account-security/components/account-security-page';
import { FramePageTop } from '@/features/dashboard/components/app-frame';
import { framePages } from '@/features/dashboard/components/app-frame-pages';
import { AuthProvider, ProtectedRoute } from '@/lib/auth';
import { supabase } from '@/lib/supabase';
import { fakeSession, workspaceRows, type FakeSupabase } from '@/testing/fake-supabase';
import { renderRoutes } from '@/testing/render';

vi.mock('@/lib/supabase', async () => {
  const { createFakeSupabase } = await import('@/testing/fake-supabase');
  const fake = createFakeSupabase();
  return { supabase: Object.assign(fake.client, { fake }) };
});

const fake = (supabase as unknown as { fake: FakeSupabase }).fake;
const classes = (element: Element | null) => [...(element?.classList ?? [])].sort();

beforeEach(() => {
  fake.reset();
  fake.setSession(fakeSession({ aal: 'aal1' }));
  fake.respondWith((call) => workspaceRows(call, [{ id: 'org-1', name: 'Analytical Engines' }]));
  // The factors are still on their way: the page's first render, the one that replaces the frame.
  fake.auth.mfa.listFactors.mockReturnValue(new Promise(() => {}));
});

/**
 * The served HTML's frame of /account/security (decision 0017, session 14) paints the page's largest text — the
 * two-factor card's description — before the app's scripts: it must be the page's own text, in the page's own box.
 */
describe('the frame of /account/security', () => {
  it("draws the page's title, line and two-factor card header with the page's texts and classes", async () => {
    renderRoutes([{ element: <AuthProvider><ProtectedRoute /></AuthProvider>, children: [{ path: '/account/security', element: <AccountSecurityPage /> }] }], '/account/security');
    const heading = await screen.findByRole('heading', { level: 1, name: copy.title });
    const pageTexts = [heading, screen.getByText(copy.description), screen.getByRole('heading', { level: 2, name: copy.twoFactorTitle }), screen.getByText(copy.twoFactorDescription)];
    const page = { main: heading.closest('main'), cardHeader: pageTexts[3]!.parentElement, texts: pageTexts };

    const { container } = render(<FramePageTop page={framePages['/account/security']!} />);
    const frameTexts = [copy.title, copy.description, copy.twoFactorTitle, copy.twoFactorDescription].map((text) => {
      const matches = [...container.querySelectorAll('p')].filter((element) => element.textContent === text);
      expect(matches, text).toHaveLength(1);
      return matches[0]!;
    });

    expect(classes(container.querySelector('main'))).toEqual(classes(page.main));
    expect(classes(frameTexts[3]!.parentElement)).toEqual(classes(page.cardHeader));
    expect(classes(frameTexts[3]!.parentElement!.parentElement)).toEqual(classes(page.cardHeader!.parentElement));
    frameTexts.forEach((element, index) => expect(classes(element), element.textContent!).toEqual(classes(page.texts[index]!)));
  });
});
