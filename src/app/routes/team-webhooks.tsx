import { DashboardHeader } from '@/features/dashboard/components/dashboard-header';
import { WebhooksPage } from '@/features/webhooks/components/webhooks-page';

/** /team/webhooks: the signed-in header and the current workspace's outgoing webhooks. */
export function TeamWebhooksRoute() {
  return (
    <div className="min-h-screen bg-muted/30">
      <DashboardHeader />
      <WebhooksPage />
    </div>
  );
}
