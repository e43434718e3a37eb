import { useQueryClient } from '@tanstack/react-query';
import { useMemo, useState } from 'react';
import { CsvImportDialog } from '@/components/csv/csv-import-dialog';
import type { CsvMapping, CsvMappingStore } from '@/components/csv/csv-schema';
import { Button } from '@/components/ui/button';
import { emailCopy } from '@/config/email-copy';
import { importListMembers } from '@/features/email/api/import-list-members';
import { emailKeys } from '@/features/email/api/keys';
import type { EmailList } from '@/features/email/api/get-email-lists';
import { emailFailureDescription } from '@/features/email/utils/email-failure';
import { listCsvSchema, listImportGroup, type ListCsvKey } from '@/features/email/utils/list-csv-schema';
import { useAccessCheckedWrite } from '@/lib/use-access-checked-write';

function localMappingStore(listId: string): CsvMappingStore<ListCsvKey> {
  const key = `bb-email-list-csv-mapping:${listId}`;
  return {
    load: async () => JSON.parse(localStorage.getItem(key) ?? 'null') as CsvMapping<ListCsvKey> | null,
    save: async (mapping) => localStorage.setItem(key, JSON.stringify(mapping)),
  };
}

/** CSV import into a list through the shared wizard; each line's contact joins the list as an import of the file. */
export function ListImport({ list }: { list: EmailList }) {
  const [isOpen, setOpen] = useState(false);
  const queryClient = useQueryClient();
  const checked = useAccessCheckedWrite();
  const mappingStore = useMemo(() => localMappingStore(list.id), [list.id]);
  const fileName = `${list.name} import ${new Date().toISOString().slice(0, 10)}`;
  return (
    <>
      <Button size="sm" variant="outline" onClick={() => setOpen(true)} aria-label={`${emailCopy.lists.import}: ${list.name}`}>
        {emailCopy.lists.import}
      </Button>
      {isOpen ? (
        <CsvImportDialog
          title={emailCopy.importList.title}
          description={emailCopy.importList.description}
          schema={listCsvSchema}
          mappingStore={mappingStore}
          importBatch={async (rows, lines) => {
            const result = await checked(() => importListMembers(list.id, fileName, rows, lines));
            await queryClient.invalidateQueries({ queryKey: emailKeys.all });
            return result;
          }}
          batchSize={500}
          batchGroupKey={listImportGroup}
          describeError={emailFailureDescription}
          onClose={() => setOpen(false)}
        />
      ) : null}
    </>
  );
}
