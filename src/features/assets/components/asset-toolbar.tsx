import { LayoutGrid, List, Search } from 'lucide-react';
import { useEffect, useState } from 'react';
import { DeferredOptionSelect } from '@/components/deferred-option-select';
import { Button } from '@/components/ui/button';
import { FormField } from '@/components/ui/form-field';
import { Input } from '@/components/ui/input';
import { assetCopy } from '@/config/asset-copy';
import { assetKinds, assetSorts, assetStatuses } from '@/config/asset-options';
import { useAssetTags } from '@/features/assets/api/get-asset-tags';
import { hasFilters, type LibraryFilters } from '@/features/assets/utils/library-filters';
import { useDebouncedValue } from '@/lib/use-debounced-value';

const ANY = 'any';
const withAny = <T extends string>(options: readonly { value: T; label: string }[]) => [{ value: ANY, label: assetCopy.toolbar.any }, ...options] as const;

interface AssetToolbarProps {
  filters: LibraryFilters;
  onChange(changes: Partial<LibraryFilters>): void;
}

/** Search by name and tag (as the typing pauses), filters by type, status and tag, the order, grid or list. */
export function AssetToolbar({ filters, onChange }: AssetToolbarProps) {
  const copy = assetCopy.toolbar;
  const [search, setSearch] = useState(filters.search);
  const settled = useDebouncedValue(search, 300);
  // The address changed the search (back, forward, a link): the box follows.
  const [seen, setSeen] = useState(filters.search);
  if (filters.search !== seen) {
    setSeen(filters.search);
    if (filters.search !== settled) setSearch(filters.search);
  }
  const tags = useAssetTags().data ?? [];
  useEffect(() => {
    if (settled !== filters.search) onChange({ search: settled });
    // Only a settled change of the box searches (the address may change the filters too).
    // eslint-disable-next-line react-hooks/exhaustive-deps
  }, [settled]);
  const tagOptions = [...new Set([...(filters.tag ? [filters.tag] : []), ...tags])].map((tag) => ({ value: tag, label: tag }));

  return (
    <div className="space-y-3">
      <div className="relative">
        <Search className="pointer-events-none absolute left-3 top-3 h-4 w-4 text-muted-foreground" aria-hidden="true" />
        <Input type="search" aria-label={copy.search} placeholder={copy.searchPlaceholder} className="pl-9" maxLength={200} value={search} onChange={(event) => setSearch(event.target.value)} />
      </div>
      <div className="grid grid-cols-2 gap-3 sm:grid-cols-4">
        <FormField label={copy.kind}>
          <DeferredOptionSelect value={filters.kind ?? ANY} options={withAny(assetKinds)} onChange={(value) => onChange({ kind: value === ANY ? null : (value as LibraryFilters['kind']) })} />
        </FormField>
        <FormField label={copy.status}>
          <DeferredOptionSelect value={filters.status ?? ANY} options={withAny(assetStatuses)} onChange={(value) => onChange({ status: value === ANY ? null : (value as LibraryFilters['status']) })} />
        </FormField>
        <FormField label={copy.tag}>
          <DeferredOptionSelect value={filters.tag ?? ANY} options={withAny(tagOptions)} onChange={(value) => onChange({ tag: value === ANY ? null : value })} />
        </FormField>
        <FormField label={copy.sort}>
          <DeferredOptionSelect value={filters.sort} options={assetSorts} onChange={(value) => onChange({ sort: value })} />
        </FormField>
      </div>
      <div className="flex flex-wrap items-center justify-between gap-2">
        <div role="group" aria-label={copy.view} className="inline-flex rounded-md border p-0.5">
          {(['grid', 'list'] as const).map((view) => {
            const Icon = view === 'grid' ? LayoutGrid : List;
            return (
              <Button key={view} type="button" size="sm" variant={filters.view === view ? 'secondary' : 'ghost'} aria-pressed={filters.view === view} onClick={() => onChange({ view })}>
                <Icon aria-hidden="true" />
                {copy[view]}
              </Button>
            );
          })}
        </div>
        {hasFilters(filters) ? (
          <Button
            type="button"
            variant="ghost"
            size="sm"
            onClick={() => {
              setSearch('');
              onChange({ search: '', kind: null, status: null, tag: null, collectionId: null });
            }}
          >
            {copy.clear}
          </Button>
        ) : null}
      </div>
    </div>
  );
}
