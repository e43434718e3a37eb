import { useId, useState, type FormEvent } from 'react';
import { Button } from '@/components/ui/button';
import { FormField } from '@/components/ui/form-field';
import { Input } from '@/components/ui/input';
import { chartCopy } from '@/config/chart-copy';
import { parseCustomPeriod, PERIOD_PRESETS, resolvePeriod, type CustomPeriodError, type PeriodChoice } from '@/lib/periods';

interface PeriodPickerProps {
  value: PeriodChoice;
  onChange(choice: PeriodChoice): void;
  /** The user's local day, for the custom range's starting values. */
  today: string;
}

/**
 * Last 7, 30 or 90 days, or a custom range (two dates, checked: real days, in order, at most two years). Presets are
 * toggle buttons (aria-pressed); the custom range applies with its button or Enter.
 */
export function PeriodPicker({ value, onChange, today }: PeriodPickerProps) {
  const groupId = useId();
  const current = resolvePeriod(value, today);
  const [isCustomOpen, setIsCustomOpen] = useState(value.kind === 'custom');
  const [from, setFrom] = useState(current.from);
  const [to, setTo] = useState(current.to);
  const [error, setError] = useState<CustomPeriodError | null>(null);

  function handleApply(event: FormEvent<HTMLFormElement>) {
    event.preventDefault();
    const parsed = parseCustomPeriod(from, to);
    if ('error' in parsed) return setError(parsed.error);
    setError(null);
    onChange({ kind: 'custom', period: parsed.period });
  }

  return (
    <div className="space-y-3">
      <div role="group" aria-labelledby={groupId} className="flex flex-wrap items-center gap-2">
        <span id={groupId} className="text-sm font-medium">
          {chartCopy.periodLabel}
        </span>
        {PERIOD_PRESETS.map((days) => {
          const isActive = value.kind === 'preset' && value.days === days && !isCustomOpen;
          return (
            <Button
              key={days}
              size="sm"
              variant={isActive ? 'default' : 'outline'}
              aria-pressed={isActive}
              aria-label={chartCopy.presetAccessibleLabel(days)}
              onClick={() => {
                setIsCustomOpen(false);
                onChange({ kind: 'preset', days });
              }}
            >
              {chartCopy.presetLabel(days)}
            </Button>
          );
        })}
        <Button size="sm" variant={isCustomOpen ? 'default' : 'outline'} aria-pressed={isCustomOpen} onClick={() => setIsCustomOpen(true)}>
          {chartCopy.custom}
        </Button>
      </div>
      {isCustomOpen ? (
        <form noValidate onSubmit={handleApply} className="flex flex-wrap items-end gap-3">
          <FormField label={chartCopy.from} error={error === 'invalid-from' || error === 'reversed' || error === 'too-long' ? chartCopy.periodErrors[error] : undefined}>
            <Input type="date" value={from} onChange={(event) => setFrom(event.target.value)} className="w-auto" />
          </FormField>
          <FormField label={chartCopy.to} error={error === 'invalid-to' ? chartCopy.periodErrors[error] : undefined}>
            <Input type="date" value={to} onChange={(event) => setTo(event.target.value)} className="w-auto" />
          </FormField>
          <Button type="submit" size="sm" variant="outline">
            {chartCopy.apply}
          </Button>
        </form>
      ) : null}
    </div>
  );
}
