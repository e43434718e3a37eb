import { useState, type FormEvent } from 'react';
import { ListStatus } from '@/components/module/list-status';
import { Button } from '@/components/ui/button';
import { Dialog, DialogContent, DialogDescription, DialogFooter, DialogHeader, DialogTitle } from '@/components/ui/dialog';
import { webhooksCopy, type WebhookEventType } from '@/config/webhooks-copy';
import type { WebhookEndpoint } from '@/lib/webhook-endpoints';
import { useRevealedEndpoint } from '@/features/webhooks/api/reveal-webhook-endpoint';
import { useSaveWebhookEndpoint } from '@/features/webhooks/api/save-webhook-endpoint';
import { EndpointFormFields } from '@/features/webhooks/components/endpoint-form-fields';
import { checkEndpointForm, fieldErrorOf, type EndpointFormErrors, type EndpointFormValues } from '@/features/webhooks/utils/endpoint-form';

interface EndpointDialogProps {
  workspaceId: string;
  /** null: add a new endpoint. */
  endpoint: WebhookEndpoint | null;
  open: boolean;
  onOpenChange(open: boolean): void;
  /** After a new endpoint is saved: its secret is shown next. */
  onCreated(endpoint: WebhookEndpoint): void;
}

const emptyValues: EndpointFormValues = { url: '', description: '', events: ['content.published'], enabled: true };

/** Add or edit an endpoint. Editing first reads the full URL (admins only); nothing typed is lost on a refusal. */
export function EndpointDialog({ workspaceId, endpoint, open, onOpenChange, onCreated }: EndpointDialogProps) {
  const save = useSaveWebhookEndpoint();
  const revealed = useRevealedEndpoint(workspaceId, open && endpoint ? endpoint.id : null);
  const [values, setValues] = useState<EndpointFormValues | null>(endpoint ? null : emptyValues);
  const [errors, setErrors] = useState<EndpointFormErrors>({});
  const shown = values ?? (endpoint && revealed.data
    ? { url: revealed.data.url, description: endpoint.description, events: endpoint.events as WebhookEventType[], enabled: endpoint.enabled }
    : null);

  function handleSubmit(event: FormEvent) {
    event.preventDefault();
    if (!shown || save.isPending) return;
    const checked = checkEndpointForm(shown);
    setErrors(checked.errors);
    if (!checked.value) return;
    save.mutate(
      { ...checked.value, workspaceId, endpointId: endpoint?.id ?? null },
      {
        onSuccess: (saved) => {
          onOpenChange(false);
          if (!endpoint) onCreated(saved);
        },
        onError: (error) => setErrors(fieldErrorOf(error) ?? {}),
      },
    );
  }

  return (
    <Dialog open={open} onOpenChange={(next) => (save.isPending ? undefined : onOpenChange(next))}>
      <DialogContent className="max-h-[90vh] overflow-y-auto sm:max-w-lg">
        <DialogHeader>
          <DialogTitle>{endpoint ? webhooksCopy.formEditTitle : webhooksCopy.formAddTitle}</DialogTitle>
          <DialogDescription>{webhooksCopy.formDescription}</DialogDescription>
        </DialogHeader>
        {shown ? (
          <form onSubmit={handleSubmit} noValidate className="space-y-6">
            <EndpointFormFields values={shown} errors={errors} onChange={setValues} />
            <DialogFooter className="gap-2">
              <Button type="button" variant="outline" onClick={() => onOpenChange(false)} disabled={save.isPending}>
                {webhooksCopy.cancel}
              </Button>
              <Button type="submit" disabled={save.isPending} aria-busy={save.isPending || undefined}>
                {save.isPending ? webhooksCopy.saving : webhooksCopy.save}
              </Button>
            </DialogFooter>
          </form>
        ) : revealed.isError ? (
          <ListStatus kind="error" title={webhooksCopy.endpointsFailed} description={revealed.error.message}>
            <Button variant="outline" onClick={() => void revealed.refetch()}>{webhooksCopy.retry}</Button>
          </ListStatus>
        ) : (
          <ListStatus kind="loading" title={webhooksCopy.loadingUrl} />
        )}
      </DialogContent>
    </Dialog>
  );
}
