import { useState, type ChangeEvent } from 'react';
import { OptionSelect } from '@/components/option-select';
import type { CsvEncoding, CsvParseProblem, ParsedCsv } from '@/components/csv/parse-csv';
import { readCsvFile, type CsvFileProblem } from '@/components/csv/read-csv-file';
import { Input } from '@/components/ui/input';
import { FormField } from '@/components/ui/form-field';
import { csvCopy, formatMegabytes } from '@/config/csv-copy';

interface CsvFileStepProps {
  maxBytes: number;
  /** The column names the import knows (knownHeaderNames): how the header is found under an export's title lines. */
  knownHeaders: readonly string[];
  onParsed(csv: ParsedCsv): void;
  /** What else the file input offers besides CSV (e.g. '.zip'), turned into a CSV file by `prepareFile`. */
  accept?: string;
  /** Turns a picked file into the CSV to read (an export's zip → one table); throws an Error with words for the user. */
  prepareFile?(file: File): Promise<File>;
}

/** The message for a file that cannot be imported at all. */
export function describeCsvProblem(problem: CsvParseProblem | CsvFileProblem): string {
  switch (problem.kind) {
    case 'too-large':
      return csvCopy.problems.tooLarge(formatMegabytes(problem.maxBytes));
    case 'not-csv':
      return csvCopy.problems.notCsv;
    case 'unreadable':
      return csvCopy.problems.unreadable;
    case 'encoding':
      return csvCopy.problems.encoding;
    case 'empty':
      return csvCopy.problems.empty;
    case 'no-rows':
      return csvCopy.problems.noRows;
    case 'duplicate-header':
      return csvCopy.problems.duplicateHeader(problem.header);
    case 'malformed':
      return csvCopy.problems.malformed(problem.line);
  }
}

/** Step 1: pick a file (checked for size and kind before it is read) and, when needed, its text encoding. */
export function CsvFileStep({ maxBytes, knownHeaders, onParsed, accept, prepareFile }: CsvFileStepProps) {
  const [encoding, setEncoding] = useState<CsvEncoding>('auto');
  const [file, setFile] = useState<File | null>(null);
  const [error, setError] = useState<string | undefined>();
  const [isReading, setIsReading] = useState(false);

  async function read(picked: File, chosen: CsvEncoding) {
    setIsReading(true);
    setError(undefined);
    let file = picked;
    if (prepareFile) {
      try {
        file = await prepareFile(picked);
      } catch (problem) {
        setIsReading(false);
        return setError(problem instanceof Error ? problem.message : String(problem));
      }
    }
    const result = await readCsvFile(file, { maxBytes, encoding: chosen, knownHeaders });
    setIsReading(false);
    if (result.ok) onParsed(result.csv);
    else setError(describeCsvProblem(result.problem));
  }

  function handleFile(event: ChangeEvent<HTMLInputElement>) {
    const picked = event.target.files?.[0] ?? null;
    setFile(picked);
    if (picked) void read(picked, encoding);
  }

  function handleEncoding(next: CsvEncoding) {
    setEncoding(next);
    if (file) void read(file, next);
  }

  return (
    <div className="space-y-4" aria-busy={isReading || undefined}>
      <FormField label={csvCopy.fileLabel} hint={csvCopy.fileHint(formatMegabytes(maxBytes))} error={error}>
        <Input type="file" accept={`.csv,.tsv,.txt,text/csv${accept ? `,${accept}` : ''}`} onChange={handleFile} disabled={isReading} className="cursor-pointer" />
      </FormField>
      <FormField label={csvCopy.encodingLabel}>
        <OptionSelect value={encoding} options={csvCopy.encodingOptions} onChange={handleEncoding} disabled={isReading} />
      </FormField>
      {isReading ? (
        <p role="status" className="text-sm text-muted-foreground">
          {csvCopy.reading}
        </p>
      ) : null}
    </div>
  );
}
