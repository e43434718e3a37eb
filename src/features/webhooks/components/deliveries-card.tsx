import { Inbox } from 'lucide-react';
import { useId } from 'react';
import { ListStatus } from '@/components/module/list-status';
import { Button } from '@/components/ui/button';
import { Card, CardContent, CardDescription, CardHeader } from '@/components/ui/card';
import { webhooksCopy } from '@/config/webhooks-copy';
import { useWebhookDeliveries } from '@/features/webhooks/api/get-webhook-deliveries';
import { useWebhookEndpoints } from '@/lib/webhook-endpoints';
import { DeliveryItem } from '@/features/webhooks/components/delivery-item';

/** The workspace's latest deliveries (everyone in the workspace reads them), newest first. */
export function DeliveriesCard({ workspaceId, canManage }: { workspaceId: string; canManage: boolean }) {
  const titleId = useId();
  const deliveries = useWebhookDeliveries(workspaceId);
  const endpoints = useWebhookEndpoints(workspaceId);
  const byId = new Map((endpoints.data ?? []).map((endpoint) => [endpoint.id, endpoint]));
  // "Next attempt in 5 minutes" as of the moment the log was read (read again every 10 s while any waits).
  const now = new Date(deliveries.dataUpdatedAt);
  return (
    <Card role="region" aria-labelledby={titleId}>
      <CardHeader>
        <h2 id={titleId} className="text-xl font-semibold tracking-tight">{webhooksCopy.deliveriesTitle}</h2>
        <CardDescription>{webhooksCopy.deliveriesDescription}</CardDescription>
      </CardHeader>
      <CardContent>
        {deliveries.isPending ? (
          <ListStatus kind="loading" title={webhooksCopy.deliveriesLoading} />
        ) : deliveries.isError ? (
          <ListStatus kind="error" title={webhooksCopy.deliveriesFailed}>
            <Button variant="outline" onClick={() => void deliveries.refetch()}>{webhooksCopy.retry}</Button>
          </ListStatus>
        ) : deliveries.data.length === 0 ? (
          <ListStatus kind="empty" icon={Inbox} title={webhooksCopy.deliveriesEmpty} description={webhooksCopy.deliveriesEmptyDescription} />
        ) : (
          <ul className="divide-y">
            {deliveries.data.map((delivery) => (
              <DeliveryItem key={delivery.id} delivery={delivery} endpoint={byId.get(delivery.endpoint_id)} canManage={canManage} now={now} />
            ))}
          </ul>
        )}
      </CardContent>
    </Card>
  );
}
