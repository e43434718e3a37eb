import { useState } from 'react';
import { Button } from '@/components/ui/button';
import { Card, CardContent, CardDescription, CardHeader } from '@/components/ui/card';
import { FormField } from '@/components/ui/form-field';
import { Input } from '@/components/ui/input';
import { emailCopy } from '@/config/email-copy';
import { useSaveWebhookSettings, useWebhookSettings, type WebhookSettings } from '@/features/email/api/email-settings';
import { webhookAddresses } from '@/features/email/utils/settings-form';

const copy = emailCopy.settings;

function WebhookForm({ settings }: { settings: WebhookSettings }) {
  const [sendgrid, setSendgrid] = useState(settings.sendgrid_public_key ?? '');
  const [topic, setTopic] = useState(settings.sns_topic_arn ?? '');
  const save = useSaveWebhookSettings();
  const addresses = webhookAddresses(window.location.origin, settings);
  return (
    <div className="space-y-4">
      <dl className="space-y-2 text-sm">
        {addresses.map((entry) => (
          <div key={entry.provider}>
            <dt className="font-medium">{entry.provider}</dt>
            <dd className="break-all font-mono text-xs text-muted-foreground">{entry.address}</dd>
          </div>
        ))}
      </dl>
      <div className="grid gap-4 sm:grid-cols-2">
        <FormField label={copy.sendgridKey}>
          <Input value={sendgrid} onChange={(event) => setSendgrid(event.target.value)} />
        </FormField>
        <FormField label={copy.snsTopic}>
          <Input value={topic} onChange={(event) => setTopic(event.target.value)} />
        </FormField>
      </div>
      <div className="flex flex-wrap gap-2">
        <Button disabled={save.isPending} onClick={() => save.mutate({ sendgrid_public_key: sendgrid.trim() || null, sns_topic_arn: topic.trim() || null, rotate: false })}>
          {copy.saveWebhooks}
        </Button>
        <Button variant="outline" disabled={save.isPending} onClick={() => save.mutate({ sendgrid_public_key: sendgrid.trim() || null, sns_topic_arn: topic.trim() || null, rotate: true })}>
          {copy.rotate}
        </Button>
      </div>
    </div>
  );
}

/** The workspace's bounce and complaint webhook addresses for each provider, and the keys to verify them (admins). */
export function WebhookSettingsCard() {
  const webhooks = useWebhookSettings(true);
  return (
    <Card>
      <CardHeader>
        <h2 className="text-lg font-semibold">{copy.webhooks}</h2>
        <CardDescription>{copy.webhooksDescription}</CardDescription>
      </CardHeader>
      <CardContent>{webhooks.data ? <WebhookForm key={webhooks.data.endpoint_token} settings={webhooks.data} /> : null}</CardContent>
    </Card>
  );
}
