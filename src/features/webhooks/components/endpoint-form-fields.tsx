import { useId } from 'react';
import { Checkbox } from '@/components/ui/checkbox';
import { FormField } from '@/components/ui/form-field';
import { Input } from '@/components/ui/input';
import { Label } from '@/components/ui/label';
import { Switch } from '@/components/ui/switch';
import { webhookEvents, webhooksCopy, type WebhookEventType } from '@/config/webhooks-copy';
import type { EndpointFormErrors, EndpointFormValues } from '@/features/webhooks/utils/endpoint-form';

interface EndpointFormFieldsProps {
  values: EndpointFormValues;
  errors: EndpointFormErrors;
  onChange(values: EndpointFormValues): void;
}

/** URL, description, the events (a group of checkboxes) and whether deliveries go out. */
export function EndpointFormFields({ values, errors, onChange }: EndpointFormFieldsProps) {
  const eventsId = useId();
  const enabledId = useId();
  const toggleEvent = (event: WebhookEventType, checked: boolean) =>
    onChange({ ...values, events: checked ? [...values.events.filter((e) => e !== event), event] : values.events.filter((e) => e !== event) });

  return (
    <div className="space-y-4">
      <FormField label={webhooksCopy.urlLabel} hint={webhooksCopy.urlHint} error={errors.url}>
        <Input
          type="url"
          inputMode="url"
          autoComplete="off"
          spellCheck={false}
          placeholder="https://hooks.example.com/beyond"
          value={values.url}
          onChange={(event) => onChange({ ...values, url: event.target.value })}
          className="font-mono text-sm"
        />
      </FormField>
      <FormField label={webhooksCopy.descriptionLabel} hint={webhooksCopy.descriptionHint} error={errors.description}>
        <Input value={values.description} maxLength={250} onChange={(event) => onChange({ ...values, description: event.target.value })} />
      </FormField>
      <fieldset className="space-y-2" aria-describedby={errors.events ? `${eventsId}-error` : undefined}>
        <legend className="text-sm font-medium">{webhooksCopy.eventsLabel}</legend>
        {webhookEvents.map((event) => (
          <div key={event.value} className="flex items-start gap-2">
            <Checkbox
              id={`${eventsId}-${event.value}`}
              checked={values.events.includes(event.value)}
              onCheckedChange={(checked) => toggleEvent(event.value, checked === true)}
              className="mt-0.5"
              aria-describedby={`${eventsId}-${event.value}-hint`}
            />
            <div className="space-y-0.5">
              <Label htmlFor={`${eventsId}-${event.value}`} className="font-mono text-sm">{event.value}</Label>
              <p id={`${eventsId}-${event.value}-hint`} className="text-xs text-muted-foreground">{event.description}</p>
            </div>
          </div>
        ))}
        {errors.events ? (
          <p id={`${eventsId}-error`} role="alert" className="text-sm font-medium text-destructive">{errors.events}</p>
        ) : null}
      </fieldset>
      <div className="flex items-center gap-3">
        <Switch id={enabledId} checked={values.enabled} onCheckedChange={(checked) => onChange({ ...values, enabled: checked })} />
        <Label htmlFor={enabledId}>{webhooksCopy.enabledLabel}</Label>
      </div>
    </div>
  );
}
