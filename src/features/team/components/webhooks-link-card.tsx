import { ChevronRight, Webhook } from 'lucide-react';
import { Link } from 'react-router';
import { Card } from '@/components/ui/card';
import { paths } from '@/config/paths';
import { webhooksCopy } from '@/config/webhooks-copy';

/** The way from the Team screen to the workspace's outgoing webhooks (everyone sees the log; admins manage). */
export function WebhooksLinkCard() {
  return (
    <Card>
      <Link to={paths.teamWebhooks} className="flex items-center gap-4 rounded-lg p-6 hover:bg-muted/50 focus-visible:outline-none focus-visible:ring-2 focus-visible:ring-ring">
        <Webhook className="h-6 w-6 shrink-0 text-muted-foreground" aria-hidden="true" />
        <span className="min-w-0 flex-1 space-y-1">
          <span className="block text-xl font-semibold tracking-tight">{webhooksCopy.teamLink}</span>
          <span className="block text-sm text-muted-foreground">{webhooksCopy.teamLinkDescription}</span>
        </span>
        <ChevronRight className="h-5 w-5 shrink-0 text-muted-foreground" aria-hidden="true" />
      </Link>
    </Card>
  );
}
