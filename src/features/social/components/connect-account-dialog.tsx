import { type FormEvent, lazy, Suspense, useState } from 'react';
import { OptionSelect } from '@/components/option-select';
import { Button } from '@/components/ui/button';
import { Dialog, DialogContent, DialogDescription, DialogFooter, DialogHeader, DialogTitle } from '@/components/ui/dialog';
import { FormField } from '@/components/ui/form-field';
import { Input } from '@/components/ui/input';
import { socialCopy } from '@/config/social-copy';
import { useConnectSocialAccount } from '@/features/social/api/connect-social-account';
import { NETWORK_RULES, type SocialNetwork } from '@/features/social/network-rules';

/** Mastodon's OAuth part loads when Mastodon is chosen (the dialog itself loads when opened). */
const MastodonConnectForm = lazy(() => import('@/features/social/components/mastodon-connect-form').then((module) => ({ default: module.MastodonConnectForm })));

const NETWORKS = (['bluesky', 'mastodon', 'webhook'] as const).map((value) => ({ value, label: NETWORK_RULES[value].label }));
const DEFAULT_URL: Record<SocialNetwork, string> = { bluesky: 'https://bsky.social', mastodon: 'https://', webhook: 'https://' };

interface ConnectAccountDialogProps {
  workspaceId: string;
  open: boolean;
  onOpenChange(open: boolean): void;
}

/** Connect Bluesky (handle + app password), Mastodon (OAuth on the instance, or instance + token) or a webhook channel (URL; its secret shown once). */
export function ConnectAccountDialog({ workspaceId, open, onOpenChange }: ConnectAccountDialogProps) {
  const connect = useConnectSocialAccount();
  const [network, setNetwork] = useState<SocialNetwork>('bluesky');
  const [identifier, setIdentifier] = useState('');
  const [serviceUrl, setServiceUrl] = useState(DEFAULT_URL.bluesky);
  const [secret, setSecret] = useState('');
  const [signingSecret, setSigningSecret] = useState<string | null>(null);
  const [mastodonToken, setMastodonToken] = useState(false);

  function chooseNetwork(next: SocialNetwork) {
    setNetwork(next);
    setServiceUrl(DEFAULT_URL[next]);
  }

  function submit(event: FormEvent) {
    event.preventDefault();
    if (connect.isPending) return;
    connect.mutate({ workspaceId, network, identifier, serviceUrl, secret }, {
      onSuccess: (result) => (result.signingSecret ? setSigningSecret(result.signingSecret) : onOpenChange(false)),
    });
  }

  const error = connect.error instanceof Error ? connect.error.message : undefined;
  return (
    <Dialog open={open} onOpenChange={(next) => (connect.isPending ? undefined : onOpenChange(next))}>
      <DialogContent className="sm:max-w-lg">
        <DialogHeader>
          <DialogTitle>{signingSecret ? socialCopy.signingSecretTitle : socialCopy.connectTitle}</DialogTitle>
          <DialogDescription>{signingSecret ? socialCopy.signingSecretDescription : socialCopy.connectDescription}</DialogDescription>
        </DialogHeader>
        {signingSecret ? (
          <>
            <Input aria-label={socialCopy.signingSecretTitle} value={signingSecret} readOnly onFocus={(event) => event.currentTarget.select()} className="font-mono text-xs" />
            <DialogFooter>
              <Button onClick={() => onOpenChange(false)}>{socialCopy.done}</Button>
            </DialogFooter>
          </>
        ) : network === 'mastodon' && !mastodonToken ? (
          <div className="space-y-4">
            <FormField label={socialCopy.network}>
              <OptionSelect value={network} options={NETWORKS} onChange={chooseNetwork} />
            </FormField>
            <Suspense fallback={null}>
              <MastodonConnectForm workspaceId={workspaceId} onCancel={() => onOpenChange(false)} onUseToken={() => setMastodonToken(true)} />
            </Suspense>
          </div>
        ) : (
          <form className="space-y-4" onSubmit={submit} noValidate>
            <FormField label={socialCopy.network}>
              <OptionSelect value={network} options={NETWORKS} onChange={chooseNetwork} />
            </FormField>
            <FormField label={socialCopy.identifier[network]} hint={socialCopy.identifierHint[network]}>
              <Input value={identifier} onChange={(event) => setIdentifier(event.target.value)} autoComplete="off" required />
            </FormField>
            <FormField label={socialCopy.serviceUrl[network]} hint={socialCopy.serviceUrlHint[network]}>
              <Input type="url" value={serviceUrl} onChange={(event) => setServiceUrl(event.target.value)} required />
            </FormField>
            {network === 'webhook' ? null : (
              <FormField label={socialCopy.secret[network]} hint={socialCopy.secretHint[network]}>
                <Input type="password" value={secret} onChange={(event) => setSecret(event.target.value)} autoComplete="off" required />
              </FormField>
            )}
            {error ? <p role="alert" className="text-sm font-medium text-destructive">{error}</p> : null}
            <DialogFooter>
              <Button type="button" variant="outline" onClick={() => onOpenChange(false)} disabled={connect.isPending}>{socialCopy.cancel}</Button>
              <Button type="submit" disabled={connect.isPending}>{connect.isPending ? socialCopy.connecting : socialCopy.connect}</Button>
            </DialogFooter>
          </form>
        )}
      </DialogContent>
    </Dialog>
  );
}
