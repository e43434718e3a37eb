import { Button } from '@/components/ui/button';

interface ViewSwitchProps<View extends string> {
  /** What the buttons choose between, for screen readers ("Calendar view"). */
  label: string;
  views: readonly { value: View; label: string }[];
  value: View;
  onChange(value: View): void;
}

/**
 * Two or more ways to show the same content (month or agenda, steps or graph): a group of toggle buttons
 * (aria-pressed), each a tab stop, instead of tabs with their panels — and without Radix Tabs' ~8 KB on the first
 * load of the page that shows it (issue 33).
 */
export function ViewSwitch<View extends string>({ label, views, value, onChange }: ViewSwitchProps<View>) {
  return (
    <div role="group" aria-label={label} className="inline-flex gap-1 rounded-md bg-muted p-1">
      {views.map((view) => (
        <Button
          key={view.value}
          type="button"
          size="sm"
          variant={view.value === value ? 'default' : 'ghost'}
          aria-pressed={view.value === value}
          onClick={() => onChange(view.value)}
        >
          {view.label}
        </Button>
      ))}
    </div>
  );
}
