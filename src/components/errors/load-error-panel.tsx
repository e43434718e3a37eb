import { AlertCircle } from 'lucide-react';
import { Button } from '@/components/ui/button';
import { LOAD_RETRY_LABEL } from '@/config/load-failure-copy';
import { describeLoadFailure } from '@/lib/error-kinds';

/** A list or figures that failed to load: what, why in plain words (never the server's text), and Try again. */
export function LoadErrorPanel({ title, error, onRetry }: { title: string; error: Error | null; onRetry: () => void }) {
  return (
    <div role="alert" className="space-y-3 rounded-md border border-destructive/40 bg-destructive/5 p-4 text-sm">
      <p className="flex items-center gap-2 font-medium text-destructive">
        <AlertCircle className="size-4" aria-hidden="true" />
        {title}
      </p>
      <p className="text-muted-foreground">{describeLoadFailure(error)}</p>
      <Button type="button" variant="outline" size="sm" onClick={onRetry}>
        {LOAD_RETRY_LABEL}
      </Button>
    </div>
  );
}
