import { ChevronDown, Send } from 'lucide-react';
import { useId, useState } from 'react';
import { Badge } from '@/components/ui/badge';
import { Button } from '@/components/ui/button';
import { webhooksCopy } from '@/config/webhooks-copy';
import type { WebhookDelivery } from '@/features/webhooks/api/get-webhook-deliveries';
import { useResendWebhookDelivery } from '@/features/webhooks/api/resend-webhook-delivery';
import { DeliveryAttempts } from '@/features/webhooks/components/delivery-attempts';
import { deliveryState, nextAttemptText, stateBadge } from '@/features/webhooks/utils/delivery-display';

interface DeliveryItemProps {
  delivery: WebhookDelivery;
  /** The endpoint's origin and whether it is enabled (undefined: the endpoint is gone). */
  endpoint: { url_origin: string; enabled: boolean } | undefined;
  canManage: boolean;
  now: Date;
}

/** One delivery of the log: event, endpoint, state, last answer; its attempts on demand; "Send again" for admins. */
export function DeliveryItem({ delivery, endpoint, canManage, now }: DeliveryItemProps) {
  const [isOpen, setIsOpen] = useState(false);
  const attemptsId = useId();
  const resend = useResendWebhookDelivery();
  const state = deliveryState(delivery, endpoint?.enabled ?? true, now);
  const next = nextAttemptText(delivery, state, now);
  return (
    <li className="space-y-3 py-4">
      <div className="flex flex-col gap-3 sm:flex-row sm:items-start sm:justify-between">
        <div className="min-w-0 space-y-1">
          <p className="flex flex-wrap items-center gap-2">
            <span className="font-mono text-sm font-medium">{delivery.event_type}</span>
            <Badge variant={stateBadge[state]}>{webhooksCopy.statusLabels[state]}</Badge>
          </p>
          <p className="break-all text-sm text-muted-foreground">
            {endpoint?.url_origin ?? webhooksCopy.unknownEndpoint} · {new Date(delivery.created_at).toLocaleString()}
          </p>
          <p className="text-sm">
            {delivery.response_status ?? webhooksCopy.noResponse}
            {delivery.duration_ms !== null ? ` · ${webhooksCopy.duration(delivery.duration_ms)}` : ''}
            {` · ${webhooksCopy.columns.attempts}: ${delivery.attempts}`}
            {next ? ` · ${next}` : ''}
          </p>
          {delivery.error && state !== 'succeeded' ? <p className="break-words text-sm text-destructive">{delivery.error}</p> : null}
        </div>
        <div className="flex shrink-0 flex-wrap gap-2">
          <Button variant="ghost" size="sm" aria-expanded={isOpen} aria-controls={attemptsId} aria-label={webhooksCopy.showAttemptsLabel(delivery.event_type)} onClick={() => setIsOpen(!isOpen)}>
            <ChevronDown aria-hidden="true" className={isOpen ? 'rotate-180 transition-transform' : 'transition-transform'} />
            {webhooksCopy.showAttempts}
          </Button>
          {canManage && state !== 'sending' ? (
            <Button variant="outline" size="sm" aria-label={webhooksCopy.sendAgainLabel(delivery.event_type)} disabled={resend.isPending} aria-busy={resend.isPending || undefined} onClick={() => resend.mutate(delivery.id)}>
              <Send aria-hidden="true" />
              {webhooksCopy.sendAgain}
            </Button>
          ) : null}
        </div>
      </div>
      <div id={attemptsId} hidden={!isOpen}>
        {isOpen ? <DeliveryAttempts workspaceId={delivery.organization_id} deliveryId={delivery.id} /> : null}
      </div>
    </li>
  );
}
