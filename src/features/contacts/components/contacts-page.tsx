import { Plus } from 'lucide-react';
import { lazy, Suspense, useRef, useState } from 'react';
import { ConfirmDialog } from '@/components/confirm-dialog';
import { CsvExportButton } from '@/components/csv/csv-export-button';
import { LoadErrorPanel } from '@/components/errors/load-error-panel';
import { Button } from '@/components/ui/button';
import { contactsCopy } from '@/config/contacts-copy';
import type { Contact } from '@/features/contacts/api/contacts-query';
import { useDeleteContacts } from '@/features/contacts/api/delete-contacts';
import { getAllContacts, useContacts } from '@/features/contacts/api/get-contacts';
import { contactName } from '@/features/contacts/utils/contact-display';
import { contactExportColumns } from '@/features/contacts/utils/contact-export-columns';
import { shownSelection, toggled, without } from '@/features/contacts/utils/contact-selection';
import { isFiltered, NO_CONTACT_FILTERS, type ContactFilters } from '@/features/contacts/utils/contact-filters';
import { csvFileName } from '@/lib/csv-export';
import { useDebouncedValue } from '@/lib/use-debounced-value';
import { useWorkspace } from '@/lib/workspace';
import { ContactImport } from './contact-import';
import { ContactsList } from './contacts-list';
import { ContactsToolbar } from './contacts-toolbar';
import { ScoreRulesCard } from './score-rules-card';
import { SelectionBar } from './selection-bar';
import { useContactOwners } from './use-contact-owners';

// Dialogs load when they open: their Radix and form code stays off the page's first load (issue 33).
const ContactDialog = lazy(() => import('./contact-dialog').then((module) => ({ default: module.ContactDialog })));

/** /contacts: the current workspace's contacts, their filters, selection, import, export and scoring rules. */
export function ContactsPage() {
  const { current, canWrite } = useWorkspace();
  const [typedFilters, setFilters] = useState<ContactFilters>(NO_CONTACT_FILTERS);
  const search = useDebouncedValue(typedFilters.search.trim());
  const tag = useDebouncedValue(typedFilters.tag.trim());
  const filters = { ...typedFilters, search, tag };
  const contacts = useContacts(filters);
  const { owners, ownerName } = useContactOwners();
  const [editing, setEditing] = useState<Contact | 'new' | null>(null);
  const [deleting, setDeleting] = useState<Contact | null>(null);
  const [selected, setSelected] = useState<Set<string>>(new Set());
  const deleteOpener = useRef<HTMLElement | null>(null);
  const deleteContacts = useDeleteContacts();
  const rows = contacts.data?.pages.flatMap((page) => page.items) ?? [];
  const shownIds = rows.map((row) => row.id);
  // What bulk actions act on: the selected contacts still shown (a filter or a deletion hides the others).
  const selection = shownSelection(selected, shownIds);

  function changeFilters(next: ContactFilters) {
    setFilters(next);
    // New filters show other rows: a selection made on the old ones starts over.
    setSelected(new Set());
  }

  return (
    <div className="space-y-6">
      <div className="flex flex-wrap items-center gap-2">
        {canWrite ? (
          <>
            <Button onClick={() => setEditing('new')}>
              <Plus aria-hidden="true" />
              {contactsCopy.add}
            </Button>
            <ContactImport />
          </>
        ) : null}
        <CsvExportButton
          loadRows={() => getAllContacts(current!.id, filters)}
          columns={contactExportColumns}
          fileName={csvFileName(contactsCopy.exportFile, new Date().toISOString().slice(0, 10))}
          failureTitle={contactsCopy.exportFailed}
        />
      </div>
      <ContactsToolbar filters={typedFilters} owners={owners} onChange={changeFilters} />
      {canWrite && rows.length > 0 ? <SelectionBar selected={selection} shownIds={shownIds} onSelectionChange={setSelected} /> : null}
      {contacts.isPending ? (
        <p role="status" className="text-sm text-muted-foreground">
          {contactsCopy.loading}
        </p>
      ) : contacts.isError ? (
        <LoadErrorPanel title={contactsCopy.loadFailed} error={contacts.error} onRetry={() => void contacts.refetch()} />
      ) : rows.length === 0 ? (
        <p className="rounded-md border border-dashed p-6 text-center text-sm text-muted-foreground">{isFiltered(filters) ? contactsCopy.emptyFiltered : contactsCopy.empty}</p>
      ) : (
        <section className="space-y-4" aria-labelledby="contact-list-heading" aria-busy={contacts.isPlaceholderData}>
          <h2 id="contact-list-heading" className="sr-only">
            {contactsCopy.listHeading}
          </h2>
          <p className="text-sm text-muted-foreground">{contactsCopy.count(rows.length, contacts.hasNextPage)}</p>
          <ContactsList
            contacts={rows}
            ownerName={ownerName}
            actions={
              canWrite
                ? {
                    selected: selection,
                    onSelect: (id, isSelected) => setSelected((previous) => toggled(previous, id, isSelected)),
                    onEdit: setEditing,
                    onDelete: (contact, opener) => {
                      deleteOpener.current = opener;
                      setDeleting(contact);
                    },
                  }
                : undefined
            }
          />
          {contacts.hasNextPage ? (
            <Button variant="outline" onClick={() => void contacts.fetchNextPage()} disabled={contacts.isFetchingNextPage}>
              {contacts.isFetchingNextPage ? contactsCopy.loadingMore : contactsCopy.loadMore}
            </Button>
          ) : null}
        </section>
      )}
      <ScoreRulesCard />
      {editing ? (
        <Suspense fallback={null}>
          <ContactDialog contact={editing === 'new' ? null : editing} owners={owners} onClose={() => setEditing(null)} />
        </Suspense>
      ) : null}
      <ConfirmDialog
        open={deleting !== null}
        onOpenChange={(open) => !open && setDeleting(null)}
        title={contactsCopy.confirmDeleteTitle}
        description={deleting ? contactsCopy.confirmDeleteDescription(contactName(deleting)) : undefined}
        confirmLabel={contactsCopy.delete}
        pendingLabel={contactsCopy.deleting}
        cancelLabel={contactsCopy.dialog.cancel}
        isPending={deleteContacts.isPending}
        focusAfterConfirm={deleteOpener}
        onConfirm={() =>
          deleting &&
          deleteContacts.mutate([deleting.id], {
            onSuccess: () => setSelected((previous) => without(previous, [deleting.id])),
            onSettled: () => setDeleting(null),
          })
        }
      />
    </div>
  );
}
