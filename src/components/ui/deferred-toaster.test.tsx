import { render, screen, waitFor } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { DeferredToaster } from '@/components/ui/deferred-toaster';
import { isToasterWanted, toast } from '@/lib/toast';

describe('toasts with sonner loaded on the first one', () => {
  it('mounts no Toaster before a toast is asked for, then shows that toast and the next ones', async () => {
    const { container } = render(<DeferredToaster />);
    expect(isToasterWanted()).toBe(false);
    expect(container.innerHTML).toBe('');
    expect(document.querySelector('[data-sonner-toaster]')).toBeNull();

    toast.success('Saved the campaign.');
    toast.error('Could not reach the server.', { description: 'Try again in a minute.' });
    expect(isToasterWanted()).toBe(true);
    // Asked for and not yet shown: marked on <html> for whoever must wait for them (the e2e's axe check).
    expect(document.documentElement.dataset.toastsPending).toBe('2');

    expect(await screen.findByText('Saved the campaign.')).toBeInTheDocument();
    expect(await screen.findByText('Could not reach the server.')).toBeInTheDocument();
    expect(screen.getByText('Try again in a minute.')).toBeInTheDocument();
    await waitFor(() => expect(document.documentElement.dataset.toastsPending).toBeUndefined());
    expect(document.querySelector('[data-sonner-toaster]')).not.toBeNull();
    const [first, second] = [...document.querySelectorAll('[data-sonner-toast]')].map((node) => node.getAttribute('data-type'));
    expect([first, second].sort()).toEqual(['error', 'success']);

    toast.info('Heads up.');
    toast.warning('Careful.');
    toast('Plain.');
    expect(await screen.findByText('Heads up.')).toBeInTheDocument();
    expect(await screen.findByText('Careful.')).toBeInTheDocument();
    expect(await screen.findByText('Plain.')).toBeInTheDocument();
  });
});
