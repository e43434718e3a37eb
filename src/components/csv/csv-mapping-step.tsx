import { OptionSelect } from '@/components/option-select';
import type { CsvField, CsvFixedValues, CsvMapping } from '@/components/csv/csv-schema';
import type { ParsedCsv } from '@/components/csv/parse-csv';
import { FormField } from '@/components/ui/form-field';
import { csvCopy } from '@/config/csv-copy';

interface CsvMappingStepProps<Key extends string> {
  csv: ParsedCsv;
  fields: readonly CsvField<Key>[];
  mapping: CsvMapping<Key>;
  fixed: CsvFixedValues<Key>;
  onChange(mapping: CsvMapping<Key>, fixed: CsvFixedValues<Key>): void;
  /** The problem that keeps the user on this step (a required field without a column, a column used twice). */
  error?: string;
}

/** Radix Select has no empty value: this one stands for "not in this file". */
const NONE = '__none__';
/** The select value of a field's choice for every line (the other values are the file's headers). */
const CHOICE = '__every_line__:';

/**
 * Step 2: one select per field, listing the file's columns, with the first row's value as a hint; a field with
 * choices also lists them, to give every line the same value when the file has no column for it.
 */
export function CsvMappingStep<Key extends string>({ csv, fields, mapping, fixed, onChange, error }: CsvMappingStepProps<Key>) {
  const columns = [{ value: NONE, label: csvCopy.notMapped }, ...csv.headers.filter(Boolean).map((header) => ({ value: header, label: header }))];
  const firstRow = csv.rows[0]?.cells ?? [];

  function handleChange(key: Key, selected: string) {
    const nextMapping = { ...mapping };
    const nextFixed = { ...fixed };
    delete nextMapping[key];
    delete nextFixed[key];
    if (selected.startsWith(CHOICE)) nextFixed[key] = selected.slice(CHOICE.length);
    else if (selected !== NONE) nextMapping[key] = selected;
    onChange(nextMapping, nextFixed);
  }

  return (
    <div className="space-y-4">
      <p className="text-sm text-muted-foreground">{csvCopy.mappingIntro}</p>
      <div className="grid gap-4 sm:grid-cols-2">
        {fields.map((field) => {
          const header = mapping[field.key];
          const choice = fixed[field.key];
          const sample = header ? firstRow[csv.headers.indexOf(header)] : undefined;
          const options = [...columns, ...(field.choices ?? []).map((value) => ({ value: CHOICE + value, label: csvCopy.everyLine(value) }))];
          return (
            <FormField
              key={field.key}
              label={field.isRequired ? `${field.label} (${csvCopy.required})` : field.label}
              hint={sample !== undefined ? csvCopy.sampleValue(sample) : undefined}
            >
              <OptionSelect value={header ?? (choice !== undefined ? CHOICE + choice : NONE)} options={options} onChange={(next) => handleChange(field.key, next)} />
            </FormField>
          );
        })}
      </div>
      {error ? (
        <p role="alert" className="text-sm font-medium text-destructive">
          {error}
        </p>
      ) : null}
    </div>
  );
}
