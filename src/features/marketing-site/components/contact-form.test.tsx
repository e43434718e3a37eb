import { QueryClient, QueryClientProvider } from '@tanstack/react-query';
import { render, screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { toast } from '@/lib/toast';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { ContactForm } from './contact-form';

const insert = vi.hoisted(() => vi.fn());
const from = vi.hoisted(() => vi.fn(() => ({ insert })));
vi.mock('@/lib/supabase', () => ({ supabase: { from } }));
vi.mock('@/lib/toast', () => ({ toast: { success: vi.fn(), error: vi.fn() } }));
const solveChallenge = vi.hoisted(() => vi.fn());
vi.mock('@/lib/proof-of-work/solve-challenge', () => ({ solveChallenge }));
const createLead = insert;

function renderForm() {
  const client = new QueryClient({ defaultOptions: { mutations: { retry: false } } });
  render(
    <QueryClientProvider client={client}>
      <ContactForm />
    </QueryClientProvider>,
  );
}

async function fillIn() {
  await userEvent.type(screen.getByLabelText('Name'), 'Dana Reyes');
  await userEvent.type(screen.getByLabelText('Email'), 'dana@northwind.example');
  await userEvent.type(screen.getByLabelText('Company (optional)'), 'Northwind');
  await userEvent.type(screen.getByLabelText('Message'), 'We need a faster booking flow.');
}

afterEach(() => {
  insert.mockReset();
  solveChallenge.mockReset();
  from.mockClear();
  vi.mocked(toast.success).mockClear();
  vi.mocked(toast.error).mockClear();
});

describe('ContactForm', () => {
  it('shows what is missing, focuses the first field to fix and sends nothing', async () => {
    renderForm();
    await userEvent.type(screen.getByLabelText('Email'), 'not-an-address');
    await userEvent.click(screen.getByRole('button', { name: 'Send message' }));
    expect(screen.getByText('Please enter your name')).toBeInTheDocument();
    expect(screen.getByText('Please enter a valid email address')).toBeInTheDocument();
    expect(screen.getByLabelText('Name')).toHaveFocus();
    expect(screen.getByLabelText('Name')).toHaveAttribute('aria-invalid', 'true');
    expect(createLead).not.toHaveBeenCalled();
  });

  it('stores the lead, thanks the visitor and clears the form', async () => {
    insert.mockResolvedValue({ data: null, error: null });
    renderForm();
    await fillIn();
    await userEvent.click(screen.getByRole('button', { name: 'Send message' }));
    await waitFor(() => expect(toast.success).toHaveBeenCalledWith('Thank you! Your message has been sent.', expect.anything()));
    expect(from).toHaveBeenCalledWith('leads');
    expect(insert.mock.calls[0]![0]).toEqual({
      name: 'Dana Reyes',
      email: 'dana@northwind.example',
      company: 'Northwind',
      message: 'We need a faster booking flow.',
    });
    expect(screen.getByLabelText('Name')).toHaveValue('');
    expect(screen.getByLabelText('Message')).toHaveValue('');
  });

  it('keeps every word when sending fails and offers to send it by e-mail', async () => {
    vi.spyOn(console, 'error').mockImplementation(() => {});
    insert.mockResolvedValue({ data: null, error: { message: 'new row violates row-level security policy', code: '42501' } });
    renderForm();
    await fillIn();
    await userEvent.click(screen.getByRole('button', { name: 'Send message' }));
    await waitFor(() => expect(toast.error).toHaveBeenCalledWith('Your message could not be sent', expect.anything()));
    expect(screen.getByLabelText('Message')).toHaveValue('We need a faster booking flow.');
    expect(screen.getByRole('link', { name: 'Send it by email instead' }).getAttribute('href')).toContain(
      encodeURIComponent('We need a faster booking flow.'),
    );
  });

  it('cannot be sent twice while sending', async () => {
    let finish: () => void = () => {};
    insert.mockImplementation(() => new Promise((resolve) => (finish = () => resolve({ data: null, error: null }))));
    renderForm();
    await fillIn();
    await userEvent.click(screen.getByRole('button', { name: 'Send message' }));
    const busy = await screen.findByRole('button', { name: 'Sending...' });
    expect(busy).toBeDisabled();
    await userEvent.click(busy);
    expect(createLead).toHaveBeenCalledTimes(1);
    finish();
    await screen.findByRole('button', { name: 'Send message' });
  });

  it('when many messages arrive, proves its work (showing why and how far), then sends with the proof', async () => {
    const challenge = { algorithm: 'SHA-256', challenge: 'a'.repeat(64), maxnumber: 100000, salt: 'abc?expires=1&', signature: 'b'.repeat(64) };
    const refusal = { data: null, error: { code: 'PT403', details: 'challenge_required', hint: JSON.stringify(challenge), message: 'Many messages…' } };
    const setHeader = vi.fn(() => Promise.resolve({ data: null, error: null }));
    insert.mockReturnValueOnce(Promise.resolve(refusal)).mockReturnValueOnce({ setHeader });
    let solve: (payload: string) => void = () => {};
    solveChallenge.mockImplementation((_challenge: unknown, options: { onProgress: (percent: number) => void }) => {
      options.onProgress(40);
      return new Promise((resolve) => (solve = resolve));
    });
    renderForm();
    await fillIn();
    expect(screen.getByRole('status')).toBeEmptyDOMElement();
    await userEvent.click(screen.getByRole('button', { name: 'Send message' }));

    const button = await screen.findByRole('button', { name: 'Verifying…' });
    expect(button).toBeDisabled();
    expect(button).toHaveAttribute('aria-busy', 'true');
    expect(screen.getByRole('status')).toHaveTextContent('your browser is solving a short puzzle to show it is not a robot');
    expect(screen.getByRole('progressbar', { name: 'Verification progress' })).toHaveAttribute('aria-valuenow', '40');
    expect(solveChallenge).toHaveBeenCalledWith(challenge, expect.anything());

    solve('PAYLOAD');
    await waitFor(() => expect(toast.success).toHaveBeenCalledWith('Thank you! Your message has been sent.', expect.anything()));
    expect(setHeader).toHaveBeenCalledWith('x-altcha', 'PAYLOAD');
    expect(insert).toHaveBeenCalledTimes(2);
    expect(screen.getByRole('status')).toBeEmptyDOMElement();
    expect(screen.getByRole('button', { name: 'Send message' })).toBeEnabled();
  });

  it('keeps every word and offers e-mail when the browser cannot prove its work', async () => {
    vi.spyOn(console, 'error').mockImplementation(() => {});
    const challenge = { algorithm: 'SHA-256', challenge: 'a'.repeat(64), maxnumber: 100000, salt: 'abc?expires=1&', signature: 'b'.repeat(64) };
    insert.mockResolvedValue({ data: null, error: { code: 'PT403', details: 'challenge_required', hint: JSON.stringify(challenge), message: 'Many messages…' } });
    solveChallenge.mockRejectedValue(new Error('The browser could not solve the check: crypto.subtle is undefined'));
    renderForm();
    await fillIn();
    await userEvent.click(screen.getByRole('button', { name: 'Send message' }));
    await waitFor(() => expect(toast.error).toHaveBeenCalledWith('Your message could not be sent', expect.anything()));
    expect(screen.getByLabelText('Message')).toHaveValue('We need a faster booking flow.');
    expect(screen.getByRole('link', { name: 'Send it by email instead' })).toBeInTheDocument();
    expect(screen.getByRole('status')).toBeEmptyDOMElement();
  });
});
