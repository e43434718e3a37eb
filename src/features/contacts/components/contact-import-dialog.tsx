import { useMemo, useState } from 'react';
import { CsvImportDialog } from '@/components/csv/csv-import-dialog';
import type { CsvMapping, CsvMappingStore } from '@/components/csv/csv-schema';
import { OptionSelect } from '@/components/option-select';
import { FormField } from '@/components/ui/form-field';
import { CONTACT_IMPORT_BATCH } from '@/config/contact-options';
import { contactsCopy } from '@/config/contacts-copy';
import { useImportContactsBatch, type BadLineChoice, type DuplicateChoice } from '@/features/contacts/api/import-contacts';
import { contactCsvSchema, contactImportGroup, type ContactCsvKey } from '@/features/contacts/utils/contact-csv-schema';
import { contactFailureDescription } from '@/features/contacts/utils/contact-failure';
import { useWorkspace } from '@/lib/workspace';

const copy = contactsCopy.import;

/** The column mapping of a workspace's contact imports, remembered in this browser. */
function localMappingStore(workspaceId: string): CsvMappingStore<ContactCsvKey> {
  const key = `bb-contacts-csv-mapping:${workspaceId}`;
  return {
    load: async () => JSON.parse(localStorage.getItem(key) ?? 'null') as CsvMapping<ContactCsvKey> | null,
    save: async (mapping) => localStorage.setItem(key, JSON.stringify(mapping)),
  };
}

/**
 * The contacts' CSV import (Mailchimp, HubSpot, Google Contacts exports); the preview asks what to do with e-mails
 * already there and whether bad lines are left out or stop the whole import. Its own chunk (the CSV wizard,
 * papaparse, the zod schema), loaded when Import CSV is pressed.
 */
export function ContactImportDialog({ onClose }: { onClose(): void }) {
  const workspaceId = useWorkspace().current!.id;
  const [onDuplicate, setOnDuplicate] = useState<DuplicateChoice>('skip');
  const [onBadLine, setOnBadLine] = useState<BadLineChoice>('import-good');
  const mappingStore = useMemo(() => localMappingStore(workspaceId), [workspaceId]);
  const { importBatch, checkBatch } = useImportContactsBatch(workspaceId, onDuplicate);
  return (
    <CsvImportDialog
      title={copy.title}
      description={copy.description}
      schema={contactCsvSchema}
      mappingStore={mappingStore}
      importBatch={importBatch}
      batchSize={CONTACT_IMPORT_BATCH}
      batchGroupKey={contactImportGroup}
      options={
        <div className="grid gap-4 sm:grid-cols-2">
          <FormField label={copy.duplicates} hint={copy.duplicatesHint}>
            <OptionSelect<DuplicateChoice> value={onDuplicate} options={copy.duplicateChoices} onChange={setOnDuplicate} />
          </FormField>
          <FormField label={copy.badLines} hint={copy.badLinesHint}>
            <OptionSelect<BadLineChoice> value={onBadLine} options={copy.badLineChoices} onChange={setOnBadLine} />
          </FormField>
        </div>
      }
      allOrNothing={onBadLine === 'import-nothing' ? { checkBatch } : null}
      describeError={contactFailureDescription}
      onClose={onClose}
    />
  );
}
