import { useCallback } from 'react';
import type { ImportBatch } from '@/components/csv/run-import';
import type { SeoClient } from '@/features/seo/api/seo-client';
import type { SearchRow } from '@/features/seo/utils/search-import';
import { unwrap } from '@/lib/errors';
import type { Json } from '@/types/database';

/** Rows a request: import_seo_search_rows takes at most 5,000. */
export const SEARCH_IMPORT_BATCH = 2_000;

interface ImportAnswer {
  added: number;
  updated: number;
  unchanged: number;
  refused: { index: number; reason: string }[];
}

/** The wizard's store: one import_seo_search_rows call per batch (an upsert: importing again changes nothing). */
export function useSearchImportBatch({ client }: SeoClient, siteId: string): ImportBatch<SearchRow> {
  return useCallback<ImportBatch<SearchRow>>(
    async (rows, lines) => {
      const answer = unwrap(await client.rpc('import_seo_search_rows', { site_id: siteId, rows: rows as unknown as Json })) as unknown as ImportAnswer;
      return {
        added: answer.added,
        updated: answer.updated,
        unchanged: answer.unchanged,
        refused: answer.refused.map((entry) => ({ line: lines[entry.index] ?? entry.index + 1, reason: entry.reason })),
      };
    },
    [client, siteId],
  );
}
