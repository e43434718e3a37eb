import { toast } from '@/lib/toast';
import { RecordFormDialog } from '@/components/records/record-form-dialog';
import { FormField } from '@/components/ui/form-field';
import { Input } from '@/components/ui/input';
import { analyticsCopy } from '@/config/analytics-copy';
import type { AnalyticsClient } from '@/features/analytics/api/analytics-client';
import { isDomainTaken, useCreateSite } from '@/features/analytics/api/create-site';
import type { AnalyticsSite } from '@/features/analytics/api/get-sites';
import { validateSiteForm, type SiteForm, type SiteFormErrors } from '@/features/analytics/utils/site-form';
import { toError } from '@/lib/errors';

interface AddSiteDialogProps {
  analytics: AnalyticsClient;
  workspaceId: string;
  onAdded(site: AnalyticsSite): void;
  onClose(): void;
}

const copy = analyticsCopy.sites;

/** Name and domain of a new site; a domain the workspace already measures is named by its field. */
export function AddSiteDialog({ analytics, workspaceId, onAdded, onClose }: AddSiteDialogProps) {
  const createSite = useCreateSite(analytics, workspaceId);

  async function save(form: SiteForm) {
    const checked = validateSiteForm(form);
    if (!('site' in checked)) return Promise.reject(new Error(copy.addFailed));
    try {
      onAdded(await createSite.mutateAsync(checked.site));
    } catch (error) {
      console.error('Error adding an analytics site:', error);
      toast.error(copy.addFailed, { description: isDomainTaken(error) ? analyticsCopy.errors.domainTaken : toError(error).message });
      throw error;
    }
  }

  return (
    <RecordFormDialog<SiteForm, SiteFormErrors>
      title={copy.addTitle}
      description={copy.addDescription}
      labels={{ cancel: copy.cancel, save: copy.save, saving: copy.saving }}
      initialValues={{ name: '', domain: '' }}
      validate={(values) => {
        const checked = validateSiteForm(values);
        return 'errors' in checked ? checked.errors : {};
      }}
      save={save}
      isSaving={createSite.isPending}
      onClose={onClose}
    >
      {({ values, errors, onChange }) => (
        <div className="grid gap-4 sm:grid-cols-2">
          <FormField label={copy.name} error={errors.name}>
            <Input name="name" maxLength={120} value={values.name} onChange={(event) => onChange({ ...values, name: event.target.value })} />
          </FormField>
          <FormField label={copy.domain} error={errors.domain} hint={copy.domainHint}>
            <Input
              name="domain"
              inputMode="url"
              autoCapitalize="none"
              spellCheck={false}
              value={values.domain}
              onChange={(event) => onChange({ ...values, domain: event.target.value })}
            />
          </FormField>
        </div>
      )}
    </RecordFormDialog>
  );
}
