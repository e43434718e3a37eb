import type { ReactNode } from 'react';
import { Badge, type BadgeProps } from '@/components/ui/badge';
import { Card, CardContent, CardDescription, CardHeader } from '@/components/ui/card';
import { moduleCopy } from '@/config/account-copy';
import { NotAvailableButton } from '@/components/module/not-available-button';

export interface SampleListItem {
  primary: string;
  secondary?: string;
  /** Right-hand figure or badge text. */
  value?: string;
  badge?: { label: string; variant?: BadgeProps['variant'] };
  /** 0–100: drawn as a bar under the row. */
  progress?: number;
  /** A control at the row's end (e.g. a button that opens the row's details). */
  action?: ReactNode;
}

interface SampleListCardProps {
  title: string;
  description?: string;
  items: readonly SampleListItem[];
  children?: ReactNode;
}

/** A titled list of sample rows (name, detail, figure or badge, optional progress). */
export function SampleListCard({ title, description, items, children }: SampleListCardProps) {
  return (
    <Card className="h-full">
      <CardHeader>
        <h2 className="text-lg font-semibold">{title}</h2>
        {description ? <CardDescription>{description}</CardDescription> : null}
      </CardHeader>
      <CardContent className="space-y-4">
        <ul className="space-y-3">
          {items.map((item) => (
            <li key={item.primary} className="space-y-1">
              {/* On a narrow card the figures and the action wrap under a long name rather than push past the edge. */}
              <div className="flex flex-wrap items-start justify-between gap-x-3 gap-y-1">
                <div className="min-w-0 break-words [overflow-wrap:anywhere]">
                  <p className="text-sm font-medium">{item.primary}</p>
                  {item.secondary ? <p className="text-xs text-muted-foreground">{item.secondary}</p> : null}
                </div>
                <div className="ml-auto flex shrink-0 items-center gap-2">
                  {item.value ? <span className="text-sm font-semibold">{item.value}</span> : null}
                  {item.badge ? <Badge variant={item.badge.variant ?? 'secondary'}>{item.badge.label}</Badge> : null}
                  {item.action}
                </div>
              </div>
              {item.progress !== undefined ? <ProgressBar value={item.progress} label={item.primary} /> : null}
            </li>
          ))}
        </ul>
        {children}
      </CardContent>
    </Card>
  );
}

export function ProgressBar({ value, label }: { value: number; label: string }) {
  const clamped = Math.max(0, Math.min(100, value));
  return (
    <div
      role="progressbar"
      aria-label={label}
      aria-valuenow={clamped}
      aria-valuemin={0}
      aria-valuemax={100}
      className="h-2 w-full overflow-hidden rounded-full bg-secondary"
    >
      <div className="h-full rounded-full bg-primary" style={{ width: `${clamped}%` }} />
    </div>
  );
}

/** Actions the sample modules show but cannot perform yet: disabled, with a tooltip. */
export function QuickActionsCard({ actions, title = moduleCopy.quickActions }: { actions: readonly string[]; title?: string }) {
  return (
    <Card className="h-full">
      <CardHeader>
        <h2 className="text-lg font-semibold">{title}</h2>
      </CardHeader>
      <CardContent className="flex flex-col gap-2">
        {actions.map((action) => (
          <NotAvailableButton key={action} className="w-full justify-start">
            {action}
          </NotAvailableButton>
        ))}
      </CardContent>
    </Card>
  );
}
