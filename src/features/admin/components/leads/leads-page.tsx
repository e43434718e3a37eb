import { useState } from 'react';
import { OptionSelect } from '@/components/option-select';
import { CsvExportButton } from '@/components/csv/csv-export-button';
import { csvFileName } from '@/lib/csv-export';
import { Button } from '@/components/ui/button';
import { FormField } from '@/components/ui/form-field';
import { Input } from '@/components/ui/input';
import { leadFilters, type LeadFilterValue } from '@/config/lead-options';
import { leadsCopy } from '@/config/leads-copy';
import { getAllLeads, useLeads } from '@/features/admin/api/get-leads';
import type { Lead } from '@/features/admin/api/leads-query';
import { useDebouncedValue } from '@/lib/use-debounced-value';
import { AdminPageHeader } from '../admin-page-header';
import { LoadingLine, QueryError } from '../query-state';
import { LeadDialog } from './lead-dialog';
import { leadExportColumns } from './lead-export-columns';
import { emptyLeadsMessage } from './leads.utils';
import { LeadsList } from './leads-list';

/** /admin/leads: the contact form's leads, newest first; search, filter by status, open one, export as CSV. */
export function LeadsPage() {
  const [filter, setFilter] = useState<LeadFilterValue>('open');
  const [searchText, setSearchText] = useState('');
  const search = useDebouncedValue(searchText.trim());
  const leads = useLeads(filter, search);
  const [openLead, setOpenLead] = useState<Lead | null>(null);
  const rows = leads.data?.pages.flatMap((page) => page.items) ?? [];

  return (
    <main className="space-y-6">
      <AdminPageHeader title={leadsCopy.title}>
        <p>{leadsCopy.description}</p>
      </AdminPageHeader>
      <div className="flex flex-col gap-3 sm:flex-row sm:items-end">
        <FormField label={leadsCopy.searchLabel} className="flex-1">
          <Input type="search" value={searchText} onChange={(event) => setSearchText(event.target.value)} placeholder={leadsCopy.searchPlaceholder} />
        </FormField>
        <FormField label={leadsCopy.statusFilterLabel} className="sm:w-60">
          <OptionSelect<LeadFilterValue> value={filter} options={leadFilters} onChange={setFilter} />
        </FormField>
        <CsvExportButton
          loadRows={() => getAllLeads(filter, search)}
          columns={leadExportColumns}
          fileName={csvFileName(leadsCopy.exportFile, new Date().toISOString().slice(0, 10))}
          failureTitle={leadsCopy.exportFailed}
        />
      </div>
      {leads.isPending ? (
        <LoadingLine>{leadsCopy.loading}</LoadingLine>
      ) : leads.isError ? (
        <QueryError message={leadsCopy.loadFailed} error={leads.error} onRetry={() => void leads.refetch()} />
      ) : rows.length === 0 ? (
        <p className="rounded-md border border-dashed p-6 text-center text-sm text-muted-foreground">{emptyLeadsMessage(filter, search)}</p>
      ) : (
        <section className="space-y-4" aria-labelledby="lead-list-heading" aria-busy={leads.isPlaceholderData}>
          <h2 id="lead-list-heading" className="sr-only">
            {leadsCopy.listHeading}
          </h2>
          <LeadsList leads={rows} onOpen={setOpenLead} />
          {leads.hasNextPage ? (
            <Button variant="outline" onClick={() => void leads.fetchNextPage()} disabled={leads.isFetchingNextPage}>
              {leads.isFetchingNextPage ? leadsCopy.loadingMore : leadsCopy.loadMore}
            </Button>
          ) : null}
        </section>
      )}
      {openLead ? <LeadDialog key={openLead.id} lead={openLead} onClose={() => setOpenLead(null)} /> : null}
    </main>
  );
}
