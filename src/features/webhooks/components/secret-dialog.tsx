import { Copy, RefreshCw } from 'lucide-react';
import { useId, useRef, useState } from 'react';
import { toast } from '@/lib/toast';
import { ConfirmDialog } from '@/components/confirm-dialog';
import { ListStatus } from '@/components/module/list-status';
import { Button } from '@/components/ui/button';
import { Dialog, DialogContent, DialogDescription, DialogFooter, DialogHeader, DialogTitle } from '@/components/ui/dialog';
import { Input } from '@/components/ui/input';
import { Label } from '@/components/ui/label';
import { webhooksCopy } from '@/config/webhooks-copy';
import type { WebhookEndpoint } from '@/lib/webhook-endpoints';
import { useRevealedEndpoint } from '@/features/webhooks/api/reveal-webhook-endpoint';
import { useRotateWebhookSecret } from '@/features/webhooks/api/rotate-webhook-secret';
import { copyText } from '@/lib/copy-text';

interface SecretDialogProps {
  workspaceId: string;
  endpoint: WebhookEndpoint | null;
  onOpenChange(open: boolean): void;
}

/** The endpoint's signing secret, to copy; rotating it (after a confirmation) keeps the old one valid for a day. */
export function SecretDialog({ workspaceId, endpoint, onOpenChange }: SecretDialogProps) {
  const id = useId();
  const input = useRef<HTMLInputElement>(null);
  const revealed = useRevealedEndpoint(workspaceId, endpoint?.id ?? null);
  const rotate = useRotateWebhookSecret();
  const [isConfirming, setIsConfirming] = useState(false);

  async function handleCopy(secret: string) {
    if (await copyText(secret, input.current)) toast.success(webhooksCopy.copied);
    else toast.error(webhooksCopy.copyFailed);
  }

  function handleRotate() {
    if (!endpoint) return;
    rotate.mutate(endpoint.id, { onSettled: () => setIsConfirming(false), onSuccess: () => void revealed.refetch() });
  }

  const until = revealed.data?.previous_secret_expires_at;
  return (
    <>
      <Dialog open={endpoint !== null && !isConfirming} onOpenChange={onOpenChange}>
        <DialogContent className="sm:max-w-lg">
          <DialogHeader>
            <DialogTitle>{webhooksCopy.secretTitle}</DialogTitle>
            <DialogDescription>{webhooksCopy.secretDescription}</DialogDescription>
          </DialogHeader>
          {revealed.data ? (
            <div className="space-y-3">
              <p className="break-all font-mono text-sm text-muted-foreground">{endpoint?.url_origin}</p>
              <Label htmlFor={id}>{webhooksCopy.secretFieldLabel}</Label>
              <div className="flex gap-2">
                <Input ref={input} id={id} value={revealed.data.secret} readOnly onFocus={(event) => event.currentTarget.select()} className="font-mono text-xs" />
                <Button type="button" variant="outline" onClick={() => void handleCopy(revealed.data.secret)}>
                  <Copy aria-hidden="true" />
                  <span className="sr-only sm:not-sr-only">{webhooksCopy.copy}</span>
                </Button>
              </div>
              {until ? <p className="text-sm text-muted-foreground">{webhooksCopy.previousValid(new Date(until).toLocaleString())}</p> : null}
            </div>
          ) : revealed.isError ? (
            <ListStatus kind="error" title={webhooksCopy.secretFailed} description={revealed.error.message}>
              <Button variant="outline" onClick={() => void revealed.refetch()}>{webhooksCopy.retry}</Button>
            </ListStatus>
          ) : (
            <ListStatus kind="loading" title={webhooksCopy.secretLoading} />
          )}
          <DialogFooter className="gap-2">
            <Button variant="outline" onClick={() => setIsConfirming(true)} disabled={!revealed.data}>
              <RefreshCw aria-hidden="true" />
              {webhooksCopy.rotate}
            </Button>
            <Button onClick={() => onOpenChange(false)}>{webhooksCopy.close}</Button>
          </DialogFooter>
        </DialogContent>
      </Dialog>
      <ConfirmDialog
        open={isConfirming}
        onOpenChange={setIsConfirming}
        title={webhooksCopy.rotateTitle}
        description={webhooksCopy.rotateDescription}
        confirmLabel={webhooksCopy.rotateConfirm}
        pendingLabel={webhooksCopy.rotating}
        cancelLabel={webhooksCopy.cancel}
        isPending={rotate.isPending}
        onConfirm={handleRotate}
        confirmVariant="default"
      />
    </>
  );
}
