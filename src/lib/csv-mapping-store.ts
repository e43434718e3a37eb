import type { SupabaseClient } from '@supabase/supabase-js';
import type { CsvMapping, CsvMappingStore } from '@/components/csv/csv-schema';
import type { Database, Json } from '@/types/database';

/**
 * The column mapping a workspace chose for one kind of CSV import, remembered in public.csv_column_mappings (one row
 * per workspace and kind; members write, viewers read). `kind` names the import: 'campaign_results', 'leads', …
 */
export function workspaceMappingStore<Key extends string>(
  client: SupabaseClient<Database>,
  organizationId: string,
  userId: string,
  kind: string,
): CsvMappingStore<Key> {
  return {
    async load() {
      const { data, error } = await client.from('csv_column_mappings').select('mapping').eq('organization_id', organizationId).eq('kind', kind).maybeSingle();
      if (error || !data || typeof data.mapping !== 'object' || data.mapping === null || Array.isArray(data.mapping)) return null;
      const mapping: CsvMapping<Key> = {};
      for (const [key, header] of Object.entries(data.mapping)) if (typeof header === 'string') mapping[key as Key] = header;
      return mapping;
    },
    async save(mapping) {
      const { error } = await client
        .from('csv_column_mappings')
        .upsert({ organization_id: organizationId, kind, mapping: mapping as Json, updated_by: userId });
      if (error) throw new Error(error.message);
    },
  };
}
