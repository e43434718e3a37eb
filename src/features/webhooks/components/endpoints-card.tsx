import { Plus, Webhook } from 'lucide-react';
import { lazy, Suspense, useId, useRef, useState, type ComponentProps } from 'react';
import { ConfirmDialog } from '@/components/confirm-dialog';
import { lazyDialog } from '@/components/lazy-dialog';
import { ListStatus } from '@/components/module/list-status';
import { Button } from '@/components/ui/button';
import { Card, CardContent, CardDescription, CardHeader } from '@/components/ui/card';
import { webhooksCopy } from '@/config/webhooks-copy';
import { useDeleteWebhookEndpoint } from '@/features/webhooks/api/delete-webhook-endpoint';
import { useWebhookEndpoints, type WebhookEndpoint } from '@/lib/webhook-endpoints';
import { EndpointItem } from '@/features/webhooks/components/endpoint-item';
import type { SecretDialog as SecretDialogContent } from '@/features/webhooks/components/secret-dialog';

// The dialogs (Radix Dialog, the form's checkbox and switches) load when one opens, not with the page (issue 33).
const EndpointDialog = lazy(() => import('@/features/webhooks/components/endpoint-dialog').then((module) => ({ default: module.EndpointDialog })));
const SecretDialog = lazyDialog<ComponentProps<typeof SecretDialogContent> & { open: boolean }>(() => import('@/features/webhooks/components/secret-dialog').then((module) => module.SecretDialog));

type Editing = { endpoint: WebhookEndpoint | null } | null;

/** The workspace's endpoints; admins add, edit, reveal and rotate secrets, and delete (after a confirmation). */
export function EndpointsCard({ workspaceId, canManage }: { workspaceId: string; canManage: boolean }) {
  const titleId = useId();
  const endpoints = useWebhookEndpoints(workspaceId);
  const remove = useDeleteWebhookEndpoint();
  const [editing, setEditing] = useState<Editing>(null);
  const [secretOf, setSecretOf] = useState<WebhookEndpoint | null>(null);
  const [deleting, setDeleting] = useState<WebhookEndpoint | null>(null);
  const addButton = useRef<HTMLButtonElement>(null);

  const add = canManage ? (
    <Button ref={addButton} onClick={() => setEditing({ endpoint: null })}>
      <Plus aria-hidden="true" />
      {webhooksCopy.add}
    </Button>
  ) : null;

  return (
    <Card role="region" aria-labelledby={titleId}>
      <CardHeader className="flex-row flex-wrap items-start justify-between gap-4 space-y-0">
        <div className="space-y-1.5">
          <h2 id={titleId} className="text-xl font-semibold tracking-tight">{webhooksCopy.endpointsTitle}</h2>
          <CardDescription>{webhooksCopy.endpointsDescription}</CardDescription>
        </div>
        {endpoints.data?.length ? add : null}
      </CardHeader>
      <CardContent>
        {endpoints.isPending ? (
          <ListStatus kind="loading" title={webhooksCopy.endpointsLoading} />
        ) : endpoints.isError ? (
          <ListStatus kind="error" title={webhooksCopy.endpointsFailed}>
            <Button variant="outline" onClick={() => void endpoints.refetch()}>{webhooksCopy.retry}</Button>
          </ListStatus>
        ) : endpoints.data.length === 0 ? (
          <ListStatus kind="empty" icon={Webhook} title={webhooksCopy.endpointsEmpty} description={webhooksCopy.endpointsEmptyDescription}>
            {add}
          </ListStatus>
        ) : (
          <ul className="divide-y">
            {endpoints.data.map((endpoint) => (
              <EndpointItem
                key={endpoint.id}
                endpoint={endpoint}
                canManage={canManage}
                onEdit={() => setEditing({ endpoint })}
                onSecret={() => setSecretOf(endpoint)}
                onDelete={() => setDeleting(endpoint)}
              />
            ))}
          </ul>
        )}
      </CardContent>
      {editing ? (
        <Suspense fallback={null}>
          <EndpointDialog
            key={editing.endpoint?.id ?? 'new'}
            workspaceId={workspaceId}
            endpoint={editing.endpoint}
            open
            onOpenChange={(open) => (open ? undefined : setEditing(null))}
            onCreated={setSecretOf}
          />
        </Suspense>
      ) : null}
      <SecretDialog open={secretOf !== null} workspaceId={workspaceId} endpoint={secretOf} onOpenChange={(open) => (open ? undefined : setSecretOf(null))} />
      <ConfirmDialog
        open={deleting !== null}
        onOpenChange={(open) => (open ? undefined : setDeleting(null))}
        title={webhooksCopy.deleteTitle(deleting?.url_origin ?? '')}
        description={webhooksCopy.deleteDescription}
        confirmLabel={webhooksCopy.deleteConfirm}
        pendingLabel={webhooksCopy.deleting}
        cancelLabel={webhooksCopy.cancel}
        isPending={remove.isPending}
        onConfirm={() => deleting && remove.mutate(deleting.id, { onSettled: () => setDeleting(null) })}
        focusAfterConfirm={addButton}
      />
    </Card>
  );
}
