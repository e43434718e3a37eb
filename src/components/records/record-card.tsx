import type { ReactNode } from 'react';
import { cn } from '@/lib/utils';

export interface RecordField {
  label: string;
  value: ReactNode;
  /** The value says what it is (a status badge): the label is for screen readers only. */
  isLabelHidden?: boolean;
}

interface RecordCardProps {
  title: string;
  description?: string;
  fields: readonly RecordField[];
  /** Buttons acting on the record (view, edit, delete): always on screen, never cut. */
  actions: ReactNode;
  /** Below the record, full width: an expanded details panel. */
  children?: ReactNode;
  className?: string;
}

/**
 * One record of a list as a card: the title and its description, the fields as label–value pairs, the actions.
 * On a phone it stacks (fields two a row, actions on their own row); from `md` on it is one row. Every text wraps
 * instead of being cut, and the actions always fit the screen.
 */
export function RecordCard({ title, description, fields, actions, children, className }: RecordCardProps) {
  // On a phone a badge (label hidden) takes a row of its own above the labelled pairs, which sit two a row.
  const ordered = [...fields.filter((field) => field.isLabelHidden), ...fields.filter((field) => !field.isLabelHidden)];
  return (
    <li className={cn('rounded-lg border bg-card', className)}>
      <div className="flex flex-col gap-3 p-4 md:flex-row md:items-center md:gap-6">
        <div className="min-w-0 md:flex-1">
          <h3 className="font-medium break-words">{title}</h3>
          {description ? <p className="text-sm text-muted-foreground break-words">{description}</p> : null}
        </div>
        <dl className="grid grid-cols-2 gap-x-4 gap-y-2 text-sm md:flex md:shrink-0 md:items-center md:gap-6">
          {ordered.map((field) => (
            <div key={field.label} className={cn('min-w-0', field.isLabelHidden && 'col-span-2 md:col-span-1')}>
              <dt className={field.isLabelHidden ? 'sr-only' : 'text-xs text-muted-foreground'}>{field.label}</dt>
              <dd className="break-words md:whitespace-nowrap">{field.value}</dd>
            </div>
          ))}
        </dl>
        <div className="-mb-2 flex flex-wrap justify-end gap-1 border-t pt-2 md:mb-0 md:border-0 md:pt-0">{actions}</div>
      </div>
      {children}
    </li>
  );
}

/** A list of record cards. */
export function RecordCardList({ children, className }: { children: ReactNode; className?: string }) {
  return <ul className={cn('space-y-3', className)}>{children}</ul>;
}
