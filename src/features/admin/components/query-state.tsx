import { AlertCircle, Loader2 } from 'lucide-react';
import type { ReactNode } from 'react';
import { Button } from '@/components/ui/button';
import { adminCopy } from '@/config/admin-copy';
import { describeLoadFailure } from '@/lib/error-kinds';

/** A loading line that screen readers announce. */
export function LoadingLine({ children }: { children: ReactNode }) {
  return (
    <p role="status" className="flex items-center gap-2 text-sm text-muted-foreground">
      <Loader2 className="size-4 animate-spin motion-reduce:animate-none" aria-hidden="true" />
      {children}
    </p>
  );
}

/** A query that failed: what, why in plain words (never the server's text), and a way to try again. */
export function QueryError({ message, error, onRetry }: { message: string; error: Error | null; onRetry: () => void }) {
  return (
    <div role="alert" className="space-y-3 rounded-md border border-destructive/40 bg-destructive/5 p-4 text-sm">
      <p className="flex items-center gap-2 font-medium text-destructive">
        <AlertCircle className="size-4" aria-hidden="true" />
        {message}
      </p>
      <p className="text-muted-foreground">{describeLoadFailure(error)}</p>
      <Button type="button" variant="outline" size="sm" onClick={onRetry}>
        {adminCopy.retry}
      </Button>
    </div>
  );
}
