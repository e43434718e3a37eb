import { useState, type FormEvent } from 'react';
import { Button } from '@/components/ui/button';
import { Card, CardContent, CardDescription, CardHeader } from '@/components/ui/card';
import { FormField } from '@/components/ui/form-field';
import { Input } from '@/components/ui/input';
import { analyticsCopy } from '@/config/analytics-copy';
import type { AnalyticsClient } from '@/features/analytics/api/analytics-client';
import type { AnalyticsSite } from '@/features/analytics/api/get-sites';
import { useUpdateSiteDomain } from '@/features/analytics/api/update-site-domain';
import { normalizeDomain } from '@/features/analytics/utils/site-form';

const copy = analyticsCopy.admin;

/** Where the agency site's events may come from: its domain, or (empty) the address that serves the API. */
export function AgencyDomainForm({ analytics, site }: { analytics: AnalyticsClient; site: AnalyticsSite }) {
  const [domain, setDomain] = useState(site.domain ?? '');
  const [error, setError] = useState<string | undefined>();
  const update = useUpdateSiteDomain(analytics);

  function handleSubmit(event: FormEvent<HTMLFormElement>) {
    event.preventDefault();
    if (update.isPending) return;
    const normalized = domain.trim() ? normalizeDomain(domain) : null;
    if (domain.trim() && !normalized) return setError(analyticsCopy.errors.domainInvalid);
    setError(undefined);
    update.mutate({ siteId: site.id, domain: normalized }, { onSuccess: () => setDomain(normalized ?? '') });
  }

  return (
    <Card>
      <CardHeader>
        <h2 className="text-xl font-semibold leading-none tracking-tight">{copy.domainTitle}</h2>
        <CardDescription>{copy.domainDescription}</CardDescription>
      </CardHeader>
      <CardContent>
        <form noValidate onSubmit={handleSubmit} className="flex flex-wrap items-start gap-3">
          <FormField label={analyticsCopy.sites.domain} error={error} className="min-w-0 flex-1 sm:max-w-sm">
            <Input name="domain" value={domain} placeholder={copy.sameOrigin} spellCheck={false} autoCapitalize="none" onChange={(event) => setDomain(event.target.value)} />
          </FormField>
          <Button type="submit" className="sm:mt-6" disabled={update.isPending}>
            {update.isPending ? copy.saving : copy.save}
          </Button>
        </form>
      </CardContent>
    </Card>
  );
}
