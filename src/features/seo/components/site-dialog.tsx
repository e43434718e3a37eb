import { toast } from '@/lib/toast';
import { OptionSelect } from '@/components/option-select';
import { RecordFormDialog } from '@/components/records/record-form-dialog';
import { FormField } from '@/components/ui/form-field';
import { Input } from '@/components/ui/input';
import { seoCopy } from '@/config/seo-copy';
import { useAnalyticsSites } from '@/features/seo/api/get-analytics-sites';
import type { SeoSite } from '@/features/seo/api/get-seo-sites';
import { describeSiteError, useSaveSeoSite } from '@/features/seo/api/save-seo-site';
import type { SeoClient } from '@/features/seo/api/seo-client';
import { NO_ANALYTICS, validateSeoSiteForm, type SeoSchedule, type SeoSiteForm, type SeoSiteFormErrors } from '@/features/seo/utils/site-form';

interface SiteDialogProps {
  seo: SeoClient;
  workspaceId: string | null;
  /** The site to change; null adds one. */
  site: SeoSite | null;
  onSaved(site: SeoSite): void;
  onClose(): void;
}

const copy = seoCopy.sites;

function initialForm(site: SeoSite | null): SeoSiteForm {
  return {
    name: site?.name ?? '',
    startUrl: site?.start_url ?? '',
    analyticsSiteId: site?.analytics_site_id ?? NO_ANALYTICS,
    pageLimit: String(site?.page_limit ?? 500),
    crawlDelayMs: String(site?.crawl_delay_ms ?? 1000),
    schedule: (site?.schedule ?? 'weekly') as SeoSchedule,
  };
}

/** Add a site to audit, or change one's address, traffic source, crawl bounds and schedule. */
export function SiteDialog({ seo, workspaceId, site, onSaved, onClose }: SiteDialogProps) {
  const save = useSaveSeoSite(seo, workspaceId);
  const analytics = useAnalyticsSites(seo, workspaceId);
  const isAgency = workspaceId === null;
  const analyticsOptions = [{ value: NO_ANALYTICS, label: copy.noAnalytics }, ...(analytics.data ?? []).map((entry) => ({ value: entry.id, label: entry.domain ? `${entry.name} (${entry.domain})` : entry.name }))];

  async function handleSave(form: SeoSiteForm) {
    const checked = validateSeoSiteForm(form, isAgency);
    if (!('values' in checked)) throw new Error(copy.saveFailed);
    try {
      onSaved(await save.mutateAsync({ site, values: checked.values }));
    } catch (error) {
      toast.error(copy.saveFailed, { description: describeSiteError(error) });
      throw error;
    }
  }

  return (
    <RecordFormDialog<SeoSiteForm, SeoSiteFormErrors>
      title={site ? copy.editTitle(site.name) : copy.addTitle}
      description={copy.formDescription}
      labels={{ cancel: copy.cancel, save: copy.save, saving: copy.saving }}
      initialValues={initialForm(site)}
      validate={(values) => {
        const checked = validateSeoSiteForm(values, isAgency);
        return 'errors' in checked ? checked.errors : {};
      }}
      save={handleSave}
      isSaving={save.isPending}
      onClose={onClose}
    >
      {({ values, errors, onChange }) => (
        <div className="grid gap-4 sm:grid-cols-2">
          <FormField label={copy.name} error={errors.name}>
            <Input name="name" maxLength={120} value={values.name} onChange={(event) => onChange({ ...values, name: event.target.value })} />
          </FormField>
          <FormField label={isAgency ? copy.agencyAddress : copy.startUrl} error={errors.startUrl} hint={isAgency ? copy.agencyAddressHint(window.location.origin) : copy.startUrlHint}>
            <Input
              name="startUrl"
              inputMode="url"
              autoCapitalize="none"
              spellCheck={false}
              value={values.startUrl}
              onChange={(event) => onChange({ ...values, startUrl: event.target.value })}
            />
          </FormField>
          <FormField label={copy.analyticsSite} hint={copy.analyticsHint}>
            <OptionSelect value={values.analyticsSiteId} options={analyticsOptions} onChange={(value) => onChange({ ...values, analyticsSiteId: value })} />
          </FormField>
          <FormField label={copy.schedule}>
            <OptionSelect<SeoSchedule> value={values.schedule} options={copy.scheduleOptions} onChange={(value) => onChange({ ...values, schedule: value })} />
          </FormField>
          <FormField label={copy.pageLimit} error={errors.pageLimit} hint={copy.pageLimitHint}>
            <Input name="pageLimit" inputMode="numeric" value={values.pageLimit} onChange={(event) => onChange({ ...values, pageLimit: event.target.value })} />
          </FormField>
          <FormField label={copy.delay} error={errors.crawlDelayMs} hint={copy.delayHint}>
            <Input name="crawlDelayMs" inputMode="numeric" value={values.crawlDelayMs} onChange={(event) => onChange({ ...values, crawlDelayMs: event.target.value })} />
          </FormField>
        </div>
      )}
    </RecordFormDialog>
  );
}
