import { AlertCircle, Loader2, type LucideIcon } from 'lucide-react';
import type { ReactNode } from 'react';
import { Skeleton } from '@/components/ui/skeleton';

interface ListStatusProps {
  kind: 'loading' | 'error' | 'empty';
  title: string;
  description?: string;
  icon?: LucideIcon;
  /** Actions: retry, create the first item. */
  children?: ReactNode;
}

/**
 * What a data list shows instead of its rows: loading (announced politely, with placeholder rows), an error
 * (announced at once, with its retry) or the empty state with its first action.
 */
export function ListStatus({ kind, title, description, icon, children }: ListStatusProps) {
  if (kind === 'loading') {
    return (
      <div key="loading" role="status" className="space-y-3">
        <p className="flex items-center gap-2 text-sm text-muted-foreground">
          <Loader2 className="h-4 w-4 animate-spin" aria-hidden="true" />
          {title}
        </p>
        {[0, 1, 2].map((row) => (
          <Skeleton key={row} className="h-12 w-full" />
        ))}
      </div>
    );
  }
  const Icon = kind === 'error' ? AlertCircle : icon;
  return (
    <div key={kind} role={kind === 'error' ? 'alert' : undefined} className="flex flex-col items-center gap-3 py-10 text-center">
      {Icon ? <Icon className={kind === 'error' ? 'h-10 w-10 text-destructive' : 'h-10 w-10 text-muted-foreground'} aria-hidden="true" /> : null}
      <h3 className="text-lg font-semibold">{title}</h3>
      {description ? <p className="max-w-md text-sm text-muted-foreground">{description}</p> : null}
      {children ? <div className="flex gap-2 pt-1">{children}</div> : null}
    </div>
  );
}
