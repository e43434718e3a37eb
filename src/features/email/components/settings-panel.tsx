import { useState, type FormEvent } from 'react';
import { ListStatus } from '@/components/module/list-status';
import { Button } from '@/components/ui/button';
import { Card, CardContent, CardDescription, CardHeader } from '@/components/ui/card';
import { FormField } from '@/components/ui/form-field';
import { Input } from '@/components/ui/input';
import { Switch } from '@/components/ui/switch';
import { emailCopy } from '@/config/email-copy';
import { useEmailSettings, useSaveEmailSettings, type EmailSettings } from '@/features/email/api/email-settings';
import { settingsErrors } from '@/features/email/utils/settings-form';
import { useWorkspace } from '@/lib/workspace';
import { WebhookSettingsCard } from './webhook-settings-card';

const copy = emailCopy.settings;

function SettingsForm({ initial, canEdit }: { initial: EmailSettings; canEdit: boolean }) {
  const [values, setValues] = useState(initial);
  const [errors, setErrors] = useState<ReturnType<typeof settingsErrors>>({});
  const save = useSaveEmailSettings();
  const set = (patch: Partial<EmailSettings>) => setValues({ ...values, ...patch });

  function handleSubmit(event: FormEvent) {
    event.preventDefault();
    const found = settingsErrors(values);
    setErrors(found);
    if (Object.keys(found).length) return;
    save.mutate({ ...values, from_name: values.from_name?.trim() || null, from_email: values.from_email?.trim() || null, reply_to: values.reply_to?.trim() || null });
  }

  return (
    <form noValidate onSubmit={handleSubmit} className="space-y-4">
      <fieldset disabled={!canEdit || save.isPending} className="grid gap-4 sm:grid-cols-2">
        <FormField label={copy.fromName} error={errors.from_name}>
          <Input value={values.from_name ?? ''} maxLength={100} onChange={(event) => set({ from_name: event.target.value })} />
        </FormField>
        <FormField label={copy.fromEmail} hint={copy.fromEmailHint} error={errors.from_email}>
          <Input type="email" value={values.from_email ?? ''} onChange={(event) => set({ from_email: event.target.value })} />
        </FormField>
        <FormField label={copy.replyTo} error={errors.reply_to}>
          <Input type="email" value={values.reply_to ?? ''} onChange={(event) => set({ reply_to: event.target.value })} />
        </FormField>
        <FormField label={copy.perMinute} error={errors.per_minute_limit}>
          <Input type="number" min={1} max={100000} value={values.per_minute_limit} onChange={(event) => set({ per_minute_limit: Number(event.target.value) })} />
        </FormField>
        <FormField label={copy.errorThreshold} error={errors.error_threshold}>
          <Input type="number" min={1} max={10000} value={values.error_threshold} onChange={(event) => set({ error_threshold: Number(event.target.value) })} />
        </FormField>
        <div className="space-y-3 sm:col-span-2">
          <label className="flex items-center gap-3 text-sm">
            <Switch checked={values.track_opens} onCheckedChange={(track_opens) => set({ track_opens })} />
            {copy.trackOpens}
          </label>
          <label className="flex items-center gap-3 text-sm">
            <Switch checked={values.track_clicks} onCheckedChange={(track_clicks) => set({ track_clicks })} />
            {copy.trackClicks}
          </label>
          <p className="text-xs text-muted-foreground">{emailCopy.overview.mppNote}</p>
        </div>
      </fieldset>
      {canEdit ? (
        <Button type="submit" disabled={save.isPending}>
          {copy.save}
        </Button>
      ) : null}
    </form>
  );
}

/** The workspace's sender, tracking and limits (admins and owners change them), and its provider webhooks. */
export function SettingsPanel() {
  const { current } = useWorkspace();
  const settings = useEmailSettings();
  const isAdmin = current?.accessRole === 'owner' || current?.accessRole === 'admin';
  return (
    <div className="space-y-6">
      <Card>
        <CardHeader>
          <h2 className="text-lg font-semibold">{copy.heading}</h2>
          <CardDescription>{copy.description}</CardDescription>
        </CardHeader>
        <CardContent>
          {settings.isPending ? <ListStatus kind="loading" title={emailCopy.campaigns.loading} /> : settings.isError ? <ListStatus kind="error" title={emailCopy.loadFailed} /> : <SettingsForm initial={settings.data} canEdit={isAdmin} />}
        </CardContent>
      </Card>
      {isAdmin ? <WebhookSettingsCard /> : null}
    </div>
  );
}
