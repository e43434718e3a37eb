import { Select, SelectContent, SelectItem, SelectTrigger, SelectValue } from '@/components/ui/select';

interface OptionSelectProps<T extends string> {
  /** Set by FormField, with aria-invalid and aria-describedby: they go on the trigger the label names. */
  id?: string;
  value: T;
  options: readonly { value: T; label: string }[];
  onChange(value: T): void;
  disabled?: boolean;
  /** The trigger's name when no FormField labels it. */
  'aria-label'?: string;
}

/** A Radix select over a fixed value list, usable as a FormField child (the label names its trigger). */
export function OptionSelect<T extends string>({ id, value, options, onChange, disabled, ...aria }: OptionSelectProps<T>) {
  return (
    <Select value={value} onValueChange={(next) => onChange(next as T)} disabled={disabled}>
      <SelectTrigger id={id} {...aria}>
        <SelectValue />
      </SelectTrigger>
      <SelectContent>
        {options.map((option) => (
          <SelectItem key={option.value} value={option.value}>
            {option.label}
          </SelectItem>
        ))}
      </SelectContent>
    </Select>
  );
}
