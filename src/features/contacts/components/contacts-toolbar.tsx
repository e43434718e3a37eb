import { DeferredOptionSelect } from '@/components/deferred-option-select';
import { Button } from '@/components/ui/button';
import { FormField } from '@/components/ui/form-field';
import { Input } from '@/components/ui/input';
import { contactSorts, lifecycleStages, type ContactSort } from '@/config/contact-options';
import { contactsCopy } from '@/config/contacts-copy';
import { leadScoreBands } from '@/config/sample-figures';
import { isFiltered, NO_CONTACT_FILTERS, type ContactFilters } from '@/features/contacts/utils/contact-filters';

const copy = contactsCopy.filters;
const any = { value: 'any', label: copy.any } as const;
const bandOptions = [any, ...leadScoreBands.map((band) => ({ value: band.band, label: `${band.label} (${band.min}–${band.max})` }))];
const stageOptions = [any, ...lifecycleStages];

interface ContactsToolbarProps {
  filters: ContactFilters;
  owners: readonly { value: string; label: string }[];
  onChange(filters: ContactFilters): void;
}

/** Search, band, stage, tag and owner filters and the order of the contacts list. */
export function ContactsToolbar({ filters, owners, onChange }: ContactsToolbarProps) {
  const set = <K extends keyof ContactFilters>(key: K) => (value: ContactFilters[K]) => onChange({ ...filters, [key]: value });
  return (
    <div className="grid gap-3 sm:grid-cols-2 lg:grid-cols-6 lg:items-end">
      <FormField label={copy.search} className="sm:col-span-2">
        <Input type="search" value={filters.search} onChange={(event) => set('search')(event.target.value)} placeholder={copy.searchPlaceholder} />
      </FormField>
      <FormField label={copy.band}>
        <DeferredOptionSelect value={filters.band} options={bandOptions} onChange={(value) => set('band')(value as ContactFilters['band'])} />
      </FormField>
      <FormField label={copy.stage}>
        <DeferredOptionSelect value={filters.stage} options={stageOptions} onChange={(value) => set('stage')(value as ContactFilters['stage'])} />
      </FormField>
      <FormField label={copy.tag}>
        <Input value={filters.tag} onChange={(event) => set('tag')(event.target.value)} placeholder={copy.tagPlaceholder} />
      </FormField>
      <FormField label={copy.owner}>
        <DeferredOptionSelect value={filters.owner} options={[any, { value: 'none', label: copy.nobody }, ...owners.filter((owner) => owner.value !== 'none')]} onChange={set('owner')} />
      </FormField>
      <FormField label={copy.sort}>
        <DeferredOptionSelect<ContactSort> value={filters.sort} options={contactSorts} onChange={set('sort')} />
      </FormField>
      {isFiltered(filters) ? (
        <Button variant="ghost" onClick={() => onChange({ ...NO_CONTACT_FILTERS, sort: filters.sort })} className="self-end">
          {copy.clear}
        </Button>
      ) : null}
    </div>
  );
}
