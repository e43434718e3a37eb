import { Button } from '@/components/ui/button';
import { webhooksCopy } from '@/config/webhooks-copy';
import { useDeliveryAttempts } from '@/features/webhooks/api/get-delivery-attempts';

/** Every attempt of one delivery, newest first: when, the answer or the error. */
export function DeliveryAttempts({ workspaceId, deliveryId }: { workspaceId: string; deliveryId: string }) {
  const attempts = useDeliveryAttempts(workspaceId, deliveryId, true);
  if (attempts.isPending) return <p role="status" className="text-sm text-muted-foreground">{webhooksCopy.attemptsLoading}</p>;
  if (attempts.isError) {
    return (
      <div role="alert" className="flex items-center gap-2 text-sm text-destructive">
        {webhooksCopy.attemptsFailed}
        <Button variant="outline" size="sm" onClick={() => void attempts.refetch()}>{webhooksCopy.retry}</Button>
      </div>
    );
  }
  return (
    <ol className="space-y-2 border-l pl-4 text-sm">
      {attempts.data.map((attempt) => (
        <li key={attempt.attempt} className="space-y-0.5">
          <p className="font-medium">
            {webhooksCopy.attemptLine(attempt.attempt)} · {new Date(attempt.started_at).toLocaleString()}
            {attempt.duration_ms !== null ? ` · ${webhooksCopy.duration(attempt.duration_ms)}` : ''}
          </p>
          <p className="text-muted-foreground">
            {attempt.outcome === null ? webhooksCopy.inFlight : attempt.outcome === 'interrupted' ? webhooksCopy.interrupted : attempt.response_status ?? webhooksCopy.noResponse}
            {attempt.error ? ` — ${attempt.error}` : ''}
          </p>
          {attempt.response_body ? <pre className="max-h-32 overflow-auto whitespace-pre-wrap break-all rounded bg-muted p-2 font-mono text-xs">{attempt.response_body}</pre> : null}
        </li>
      ))}
    </ol>
  );
}
