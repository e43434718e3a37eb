import { render, screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { useState } from 'react';
import { describe, expect, it, vi } from 'vitest';
import { PeriodPicker } from '@/components/charts/period-picker';
import type { PeriodChoice } from '@/lib/periods';

function Harness({ onChange }: { onChange(choice: PeriodChoice): void }) {
  const [value, setValue] = useState<PeriodChoice>({ kind: 'preset', days: 30 });
  return (
    <PeriodPicker
      value={value}
      today="2026-11-23"
      onChange={(choice) => {
        setValue(choice);
        onChange(choice);
      }}
    />
  );
}

describe('PeriodPicker', () => {
  it('marks the chosen preset and switches to another', async () => {
    const onChange = vi.fn();
    render(<Harness onChange={onChange} />);
    expect(screen.getByRole('button', { name: 'Last 30 days' })).toHaveAttribute('aria-pressed', 'true');
    await userEvent.click(screen.getByRole('button', { name: 'Last 7 days' }));
    expect(onChange).toHaveBeenLastCalledWith({ kind: 'preset', days: 7 });
    expect(screen.getByRole('button', { name: 'Last 7 days' })).toHaveAttribute('aria-pressed', 'true');
    expect(screen.getByRole('button', { name: 'Last 30 days' })).toHaveAttribute('aria-pressed', 'false');
  });

  it('applies a custom range, starting from the current one, and refuses a reversed one by its field', async () => {
    const onChange = vi.fn();
    const user = userEvent.setup();
    render(<Harness onChange={onChange} />);
    await user.click(screen.getByRole('button', { name: 'Custom' }));
    expect(screen.getByLabelText('From')).toHaveValue('2026-10-25');
    expect(screen.getByLabelText('To')).toHaveValue('2026-11-23');

    await user.clear(screen.getByLabelText('From'));
    await user.type(screen.getByLabelText('From'), '2026-12-01');
    await user.click(screen.getByRole('button', { name: 'Apply' }));
    expect(await screen.findByRole('alert')).toHaveTextContent('The first day must come before the last day.');
    expect(onChange).not.toHaveBeenCalled();

    await user.clear(screen.getByLabelText('From'));
    await user.type(screen.getByLabelText('From'), '2026-11-01');
    await user.click(screen.getByRole('button', { name: 'Apply' }));
    expect(onChange).toHaveBeenLastCalledWith({ kind: 'custom', period: { from: '2026-11-01', to: '2026-11-23' } });
  });
});
