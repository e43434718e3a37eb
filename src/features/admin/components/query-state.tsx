import { Loader2 } from 'lucide-react';
import type { ReactNode } from 'react';
import { LoadErrorPanel } from '@/components/errors/load-error-panel';

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
  return <LoadErrorPanel title={message} error={error} onRetry={onRetry} />;
}
