import { useEffect, useState } from 'react';
import { Button } from '@/components/ui/button';
import { Checkbox } from '@/components/ui/checkbox';
import { Dialog, DialogContent, DialogDescription, DialogFooter, DialogHeader, DialogTitle } from '@/components/ui/dialog';
import { FormField } from '@/components/ui/form-field';
import { Input } from '@/components/ui/input';
import { lifecycleStages } from '@/config/contact-options';
import { emailCopy } from '@/config/email-copy';
import { leadScoreBands } from '@/config/sample-figures';
import { addFilteredContacts, useAddFilteredContacts, type FilterOutcome, type ListFilter } from '@/features/email/api/add-list-members';
import type { EmailList } from '@/features/email/api/get-email-lists';
import { useDebouncedValue } from '@/lib/use-debounced-value';

const copy = emailCopy.filter;

function Choices({ legend, options, chosen, onChange }: { legend: string; options: readonly { value: string; label: string }[]; chosen: string[]; onChange(chosen: string[]): void }) {
  return (
    <fieldset className="space-y-2">
      <legend className="text-sm font-medium">{legend}</legend>
      <div className="flex flex-wrap gap-x-4 gap-y-2">
        {options.map((option) => (
          <label key={option.value} className="flex items-center gap-2 text-sm">
            <Checkbox checked={chosen.includes(option.value)} onCheckedChange={(checked) => onChange(checked ? [...chosen, option.value] : chosen.filter((value) => value !== option.value))} />
            {option.label}
          </label>
        ))}
      </div>
    </fieldset>
  );
}

/** Build a list from a filter of tags, lifecycle stages and score bands, with the count of matches before adding. */
export function ListFilterDialog({ list, onClose }: { list: EmailList; onClose(): void }) {
  const [tags, setTags] = useState('');
  const [stages, setStages] = useState<string[]>([]);
  const [bands, setBands] = useState<string[]>([]);
  const [preview, setPreview] = useState<FilterOutcome | null>(null);
  const add = useAddFilteredContacts();
  const filter: ListFilter = { tags: tags.split(/[,;]/).map((tag) => tag.trim()).filter(Boolean), lifecycle_stages: stages, score_bands: bands };
  const key = useDebouncedValue(JSON.stringify(filter));

  useEffect(() => {
    let alive = true;
    addFilteredContacts(list.id, JSON.parse(key) as ListFilter, true).then((outcome) => alive && setPreview(outcome), () => alive && setPreview(null));
    return () => {
      alive = false;
    };
  }, [key, list.id]);

  return (
    <Dialog open onOpenChange={(open) => !open && !add.isPending && onClose()}>
      <DialogContent className="max-w-xl">
        <DialogHeader>
          <DialogTitle>{copy.title}</DialogTitle>
          <DialogDescription>{copy.description}</DialogDescription>
        </DialogHeader>
        <div className="space-y-4">
          <FormField label={copy.tags}>
            <Input value={tags} onChange={(event) => setTags(event.target.value)} />
          </FormField>
          <Choices legend={copy.stages} options={lifecycleStages} chosen={stages} onChange={setStages} />
          <Choices legend={copy.bands} options={leadScoreBands.map((band) => ({ value: band.band, label: band.label }))} chosen={bands} onChange={setBands} />
          <p role="status" className="text-sm">
            {preview ? copy.matching(preview.matching, preview.already ?? 0) : ' '}
          </p>
        </div>
        <DialogFooter className="gap-2">
          <Button variant="outline" onClick={onClose} disabled={add.isPending}>
            {copy.cancel}
          </Button>
          <Button disabled={add.isPending || !preview?.matching} onClick={() => add.mutate({ listId: list.id, filter }, { onSuccess: onClose })}>
            {add.isPending ? copy.adding : copy.add}
          </Button>
        </DialogFooter>
      </DialogContent>
    </Dialog>
  );
}
