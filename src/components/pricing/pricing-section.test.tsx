import { render, screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { MemoryRouter } from 'react-router';
import { beforeEach, describe, expect, it, vi } from 'vitest';
import { fireConfetti } from './fire-confetti';
import { PricingSection } from './pricing-section';

vi.mock('./fire-confetti', () => ({ fireConfetti: vi.fn(() => Promise.resolve()) }));

function renderPricing() {
  return render(
    <MemoryRouter>
      <PricingSection />
    </MemoryRouter>,
  );
}

const card = (name: string) => screen.getByRole('article', { name });

beforeEach(() => {
  vi.mocked(fireConfetti).mockClear();
});

describe('PricingSection', () => {
  it('shows the title, the line about what every plan includes and the toggle off (monthly)', () => {
    renderPricing();
    expect(screen.getByRole('heading', { level: 2, name: 'Simple, Transparent Pricing' })).toBeInTheDocument();
    expect(screen.getByText('All plans include access to our platform, lead generation tools, and dedicated support.')).toBeInTheDocument();
    expect(screen.getByRole('switch', { name: 'Annual billing (Save 20%)' })).toHaveAttribute('aria-checked', 'false');
  });

  it.each([
    ['STARTER', '$50', '$40'],
    ['PROFESSIONAL', '$99', '$79'],
    ['ENTERPRISE', '$299', '$239'],
  ])('%s costs %s a month billed monthly and %s billed annually', async (name, monthly, annual) => {
    renderPricing();
    expect(within(card(name)).getByText(monthly)).toBeInTheDocument();
    expect(within(card(name)).getByText('/ per month')).toBeInTheDocument();
    expect(within(card(name)).getByText('billed monthly')).toBeInTheDocument();
    await userEvent.click(screen.getByRole('switch'));
    expect(within(card(name)).getByText(annual)).toBeInTheDocument();
    expect(within(card(name)).getByText('billed annually')).toBeInTheDocument();
    expect(within(card(name)).queryByText(monthly)).not.toBeInTheDocument();
  });

  it('toggles by its label too', async () => {
    renderPricing();
    await userEvent.click(screen.getByText('Annual billing'));
    expect(screen.getByRole('switch')).toHaveAttribute('aria-checked', 'true');
  });

  it('fires confetti once per switch to annual, never on the way back', async () => {
    renderPricing();
    const toggle = screen.getByRole('switch');
    expect(fireConfetti).not.toHaveBeenCalled();
    await userEvent.click(toggle);
    expect(fireConfetti).toHaveBeenCalledTimes(1);
    await userEvent.click(toggle);
    expect(toggle).toHaveAttribute('aria-checked', 'false');
    expect(fireConfetti).toHaveBeenCalledTimes(1);
    await userEvent.click(toggle);
    expect(fireConfetti).toHaveBeenCalledTimes(2);
  });

  it('marks Professional, and only Professional, as Popular', () => {
    renderPricing();
    expect(screen.getAllByText('Popular')).toHaveLength(1);
    expect(within(card('PROFESSIONAL')).getByText('Popular')).toBeInTheDocument();
  });

  it('links the plan buttons to sign-up with the plan, and Contact Sales to the contact form', () => {
    renderPricing();
    expect(within(card('STARTER')).getByRole('link', { name: 'Start Free Trial' })).toHaveAttribute('href', '/sign-up?plan=starter');
    expect(within(card('PROFESSIONAL')).getByRole('link', { name: 'Get Started' })).toHaveAttribute('href', '/sign-up?plan=professional');
    expect(within(card('ENTERPRISE')).getByRole('link', { name: 'Contact Sales' })).toHaveAttribute('href', '/contact');
  });

  it('lists each plan’s features and description', () => {
    renderPricing();
    const starter = within(card('STARTER'));
    for (const feature of ['Up to 10 projects', 'Basic analytics', '48-hour support response time', 'Limited API access', 'Community support']) {
      expect(starter.getByText(feature)).toBeInTheDocument();
    }
    expect(within(card('ENTERPRISE')).getAllByRole('listitem')).toHaveLength(8);
    // Spec §9's own case (getByText is exact, so "SSO Authentication" fails).
    expect(within(card('ENTERPRISE')).getByText('SSO authentication')).toBeInTheDocument();
    expect(within(card('PROFESSIONAL')).getByText('Ideal for growing teams and businesses')).toBeInTheDocument();
  });
});
