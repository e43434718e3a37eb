import { Select, SelectContent, SelectItem, SelectTrigger, SelectValue } from '@/components/ui/select';

export interface OptionSelectProps<T extends string> {
  /** Set by FormField, with aria-invalid and aria-describedby: they go on the trigger the label names. */
  id?: string;
  value: T;
  options: readonly { value: T; label: string }[];
  onChange(value: T): void;
  disabled?: boolean;
  /** Names the trigger where no FormField label does. */
  'aria-label'?: string;
  /** The trigger's classes beside its look (a width). */
  className?: string;
  /** Open on mount: `DeferredOptionSelect` renders it in place of its stand-in when that was activated. */
  defaultOpen?: boolean;
}

/** A Radix select over a fixed value list, usable as a FormField child (the label names its trigger). */
export function OptionSelect<T extends string>({ id, value, options, onChange, disabled, className, defaultOpen, ...aria }: OptionSelectProps<T>) {
  return (
    <Select value={value} onValueChange={(next) => onChange(next as T)} disabled={disabled} defaultOpen={defaultOpen}>
      <SelectTrigger id={id} className={className} {...aria}>
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
