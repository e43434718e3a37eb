import { OptionSelect } from '@/components/option-select';
import type { CsvField, CsvMapping } from '@/components/csv/csv-schema';
import type { ParsedCsv } from '@/components/csv/parse-csv';
import { FormField } from '@/components/ui/form-field';
import { csvCopy } from '@/config/csv-copy';

interface CsvMappingStepProps<Key extends string> {
  csv: ParsedCsv;
  fields: readonly CsvField<Key>[];
  mapping: CsvMapping<Key>;
  onChange(mapping: CsvMapping<Key>): void;
  /** The problem that keeps the user on this step (a required field without a column, a column used twice). */
  error?: string;
}

/** Radix Select has no empty value: this one stands for "not in this file". */
const NONE = '__none__';

/** Step 2: one select per field, listing the file's columns, with the first row's value as a hint. */
export function CsvMappingStep<Key extends string>({ csv, fields, mapping, onChange, error }: CsvMappingStepProps<Key>) {
  const options = [{ value: NONE, label: csvCopy.notMapped }, ...csv.headers.filter(Boolean).map((header) => ({ value: header, label: header }))];
  const firstRow = csv.rows[0]?.cells ?? [];

  function handleChange(key: Key, header: string) {
    const next = { ...mapping };
    if (header === NONE) delete next[key];
    else next[key] = header;
    onChange(next);
  }

  return (
    <div className="space-y-4">
      <p className="text-sm text-muted-foreground">{csvCopy.mappingIntro}</p>
      <div className="grid gap-4 sm:grid-cols-2">
        {fields.map((field) => {
          const header = mapping[field.key];
          const sample = header ? firstRow[csv.headers.indexOf(header)] : undefined;
          return (
            <FormField
              key={field.key}
              label={field.isRequired ? `${field.label} (${csvCopy.required})` : field.label}
              hint={sample !== undefined ? csvCopy.sampleValue(sample) : undefined}
            >
              <OptionSelect value={header ?? NONE} options={options} onChange={(next) => handleChange(field.key, next)} />
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
