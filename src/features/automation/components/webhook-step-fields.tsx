import type { ReactNode } from 'react';
import { Link } from 'react-router';
import { FormField } from '@/components/ui/form-field';
import { automationCopy } from '@/config/automation-copy';
import { paths } from '@/config/paths';
import { useWebhookEndpointNames } from '@/features/automation/api/get-webhook-endpoint-names';
import { FieldSelect } from '@/features/automation/components/field-select';
import type { WorkflowStep } from '@/features/automation/utils/workflow-graph';

type WebhookStep = Extract<WorkflowStep, { type: 'webhook' }>;

/** "Call a webhook": one of the workspace's webhook endpoints (its address and signing secret are set in Team › Webhooks). */
export function WebhookStepFields({ step, disabled, next, onChange }: { step: WebhookStep; disabled: boolean; next: ReactNode; onChange(step: WebhookStep): void }) {
  const endpoints = useWebhookEndpointNames();
  const options = endpoints.data ?? [];
  const listed = options.some((endpoint) => endpoint.id === step.endpoint_id);
  const hint = endpoints.isError
    ? automationCopy.endpointsFailed
    : endpoints.isSuccess && options.length === 0
      ? <>{automationCopy.noEndpoints} <Link className="underline" to={paths.teamWebhooks}>{automationCopy.openWebhooks}</Link></>
      : automationCopy.webhookNote;
  return (
    <div className="grid gap-3 sm:grid-cols-2">
      <FormField label={automationCopy.endpoint} hint={hint}>
        <FieldSelect value={step.endpoint_id} disabled={disabled || endpoints.isPending} onChange={(event) => onChange({ ...step, endpoint_id: event.target.value })}>
          <option value="" disabled>{endpoints.isPending ? automationCopy.loadingEndpoints : automationCopy.chooseEndpoint}</option>
          {options.map((endpoint) => <option key={endpoint.id} value={endpoint.id}>{endpoint.description ? `${endpoint.description} (${endpoint.url_origin})` : endpoint.url_origin}</option>)}
          {step.endpoint_id && !listed && !endpoints.isPending ? <option value={step.endpoint_id}>{automationCopy.missingEndpoint}</option> : null}
        </FieldSelect>
      </FormField>
      {next}
    </div>
  );
}
