import { ArrowLeft, Webhook } from 'lucide-react';
import { Link } from 'react-router';
import { ListStatus } from '@/components/module/list-status';
import { paths } from '@/config/paths';
import { site } from '@/config/site';
import { workspaceCopy } from '@/config/team-copy';
import { webhooksCopy } from '@/config/webhooks-copy';
import { DeliveriesCard } from '@/features/webhooks/components/deliveries-card';
import { EndpointsCard } from '@/features/webhooks/components/endpoints-card';
import { useWorkspace } from '@/lib/workspace';

/**
 * /team/webhooks: the current workspace's endpoints and delivery log. Everyone in the workspace sees where events go
 * and how deliveries went; admins and owners manage endpoints, secrets and "Send again".
 */
export function WebhooksPage() {
  const { current, isLoading, canManage } = useWorkspace();
  if (!current) {
    return (
      <main className="container mx-auto px-4 py-8">
        <title>{`${webhooksCopy.title} | ${site.platformName}`}</title>
        <h1 className="sr-only">{webhooksCopy.title}</h1>
        {isLoading ? <ListStatus kind="loading" title={workspaceCopy.loading} /> : <ListStatus kind="empty" icon={Webhook} title={workspaceCopy.noWorkspaceTitle} description={workspaceCopy.noWorkspaceDescription} />}
      </main>
    );
  }
  return (
    <main className="container mx-auto space-y-6 px-4 py-8">
      <title>{`${webhooksCopy.title} · ${current.name} | ${site.platformName}`}</title>
      <Link to={paths.team} className="inline-flex items-center gap-2 text-sm text-muted-foreground hover:text-foreground">
        <ArrowLeft className="h-4 w-4" aria-hidden="true" />
        {workspaceCopy.team}
      </Link>
      <div className="min-w-0 space-y-1">
        <h1 className="text-3xl font-bold tracking-tight">{webhooksCopy.title}</h1>
        <p className="break-words text-muted-foreground">{webhooksCopy.workspaceLine(current.name)}</p>
      </div>
      {canManage ? null : <p className="rounded-md border bg-muted/50 p-3 text-sm">{webhooksCopy.readOnly}</p>}
      <EndpointsCard key={`endpoints:${current.id}`} workspaceId={current.id} canManage={canManage} />
      <DeliveriesCard key={`deliveries:${current.id}`} workspaceId={current.id} canManage={canManage} />
    </main>
  );
}
