import { Copy } from 'lucide-react';
import { useId } from 'react';
import { toast } from '@/lib/toast';
import { Button } from '@/components/ui/button';
import { analyticsCopy } from '@/config/analytics-copy';

const copy = analyticsCopy.snippet;

/** The line to paste into a site's pages, with a copy button and how to record a goal. */
export function SnippetBox({ snippet }: { snippet: string }) {
  const labelId = useId();
  async function handleCopy() {
    try {
      await navigator.clipboard.writeText(snippet);
      toast.success(copy.copied);
    } catch {
      toast.error(copy.copyFailed);
    }
  }
  return (
    <section aria-labelledby={labelId} className="space-y-2">
      <div className="flex flex-wrap items-center justify-between gap-2">
        <h3 id={labelId} className="text-sm font-medium">
          {copy.title}
        </h3>
        <Button type="button" size="sm" variant="outline" onClick={() => void handleCopy()}>
          <Copy className="mr-2 h-4 w-4" aria-hidden="true" />
          {copy.copy}
        </Button>
      </div>
      <p className="text-sm text-muted-foreground">{copy.description}</p>
      <pre className="overflow-x-auto whitespace-pre-wrap break-all rounded-md border bg-muted p-3 text-xs" tabIndex={0} aria-labelledby={labelId}>
        <code data-testid="analytics-snippet">{snippet}</code>
      </pre>
      <p className="text-sm text-muted-foreground">
        {copy.goals} <code className="break-all rounded bg-muted px-1 text-xs">{copy.goalExample}</code>
      </p>
    </section>
  );
}
