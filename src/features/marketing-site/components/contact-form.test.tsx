import { QueryClient, QueryClientProvider } from '@tanstack/react-query';
import { render, screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { toast } from 'sonner';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { ContactForm } from './contact-form';

const insert = vi.hoisted(() => vi.fn());
const from = vi.hoisted(() => vi.fn(() => ({ insert })));
vi.mock('@/lib/supabase', () => ({ supabase: { from } }));
vi.mock('sonner', () => ({ toast: { success: vi.fn(), error: vi.fn() } }));
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
});
