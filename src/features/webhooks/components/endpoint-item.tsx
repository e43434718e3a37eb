import { KeyRound, Pencil, Trash2 } from 'lucide-react';
import { Badge } from '@/components/ui/badge';
import { Button } from '@/components/ui/button';
import { webhooksCopy } from '@/config/webhooks-copy';
import type { WebhookEndpoint } from '@/lib/webhook-endpoints';

interface EndpointItemProps {
  endpoint: WebhookEndpoint;
  canManage: boolean;
  onEdit(): void;
  onSecret(): void;
  onDelete(): void;
}

/** One endpoint: where it sends (the origin only), what for, whether it is on; admins' actions. */
export function EndpointItem({ endpoint, canManage, onEdit, onSecret, onDelete }: EndpointItemProps) {
  const origin = endpoint.url_origin;
  return (
    <li className="flex flex-col gap-3 py-4 sm:flex-row sm:items-start sm:justify-between">
      <div className="min-w-0 space-y-1">
        <p className="break-all font-mono text-sm font-medium">{origin}</p>
        <p className="text-sm text-muted-foreground">{endpoint.description || webhooksCopy.noDescription}</p>
        <div className="flex flex-wrap gap-1.5">
          <Badge variant={endpoint.enabled ? 'green' : 'grey'}>{endpoint.enabled ? webhooksCopy.enabled : webhooksCopy.disabled}</Badge>
          {endpoint.events.map((event) => (
            <Badge key={event} variant="outline" className="font-mono font-normal">{event}</Badge>
          ))}
        </div>
      </div>
      {canManage ? (
        <div className="flex shrink-0 flex-wrap gap-2">
          <Button variant="outline" size="sm" onClick={onEdit} aria-label={webhooksCopy.editLabel(origin)}>
            <Pencil aria-hidden="true" />
            {webhooksCopy.edit}
          </Button>
          <Button variant="outline" size="sm" onClick={onSecret} aria-label={webhooksCopy.secretLabel(origin)}>
            <KeyRound aria-hidden="true" />
            {webhooksCopy.secret}
          </Button>
          <Button variant="outline" size="sm" onClick={onDelete} aria-label={webhooksCopy.deleteLabel(origin)} className="text-destructive">
            <Trash2 aria-hidden="true" />
            {webhooksCopy.delete}
          </Button>
        </div>
      ) : null}
    </li>
  );
}
