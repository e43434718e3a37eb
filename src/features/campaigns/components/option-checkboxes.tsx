import { useId } from 'react';
import { Checkbox } from '@/components/ui/checkbox';
import { Label } from '@/components/ui/label';
import { toggleOption } from '@/features/campaigns/utils/campaign-form';

interface OptionCheckboxesProps {
  legend: string;
  options: readonly string[];
  selected: readonly string[];
  onChange(selected: string[]): void;
}

/** A multi-select as a group of labelled checkboxes (fieldset + legend): each option is reached with Tab, toggled with Space. */
export function OptionCheckboxes({ legend, options, selected, onChange }: OptionCheckboxesProps) {
  const id = useId();
  return (
    <fieldset className="space-y-2">
      <legend className="text-sm font-medium">{legend}</legend>
      <div className="grid gap-2 sm:grid-cols-2">
        {options.map((option, index) => {
          const optionId = `${id}-${index}`;
          return (
            <div key={option} className="flex items-center gap-2">
              <Checkbox
                id={optionId}
                checked={selected.includes(option)}
                onCheckedChange={(checked) => onChange(toggleOption(selected, option, checked === true, options))}
              />
              <Label htmlFor={optionId} className="font-normal">
                {option}
              </Label>
            </div>
          );
        })}
      </div>
    </fieldset>
  );
}
