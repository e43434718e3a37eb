import { useEffect, useMemo, useRef, useState, type ReactNode } from 'react';
import { CsvFileStep } from '@/components/csv/csv-file-step';
import { CsvImportProgress } from '@/components/csv/csv-import-progress';
import { CsvLeftOutLines, leftOutReasons } from '@/components/csv/csv-left-out-lines';
import { CsvMappingStep } from '@/components/csv/csv-mapping-step';
import { CsvPreviewStep } from '@/components/csv/csv-preview-step';
import {
  doublyMappedHeaders,
  knownHeaderNames,
  missingRequiredFields,
  suggestMapping,
  type CsvFixedValues,
  type CsvImportSchema,
  type CsvMapping,
  type CsvMappingStore,
} from '@/components/csv/csv-schema';
import type { ParsedCsv } from '@/components/csv/parse-csv';
import { DEFAULT_MAX_CSV_BYTES } from '@/components/csv/read-csv-file';
import { runImport, type ImportBatch, type ImportPhase, type ImportSummary } from '@/components/csv/run-import';
import { validateRows, type CsvValidation } from '@/components/csv/validate-rows';
import { Button } from '@/components/ui/button';
import { Dialog, DialogContent, DialogDescription, DialogFooter, DialogHeader, DialogTitle } from '@/components/ui/dialog';
import { csvCopy } from '@/config/csv-copy';

export interface CsvImportDialogProps<Key extends string, Row> {
  title: string;
  description: string;
  schema: CsvImportSchema<Key, Row>;
  /** Where the column mapping is remembered (per workspace, by the caller). */
  mappingStore: CsvMappingStore<Key>;
  /** Stores one batch (rows and their file lines); throw to stop the import (the summary says what was not sent). */
  importBatch: ImportBatch<Row>;
  /** The feature's choices before importing (e.g. what to do with duplicates), shown on the preview step. */
  options?: ReactNode;
  /**
   * The user chose "import nothing if any line is bad": lines with errors in the preview stop the import, and every
   * batch is first checked with `checkBatch` (the store's dry run); a line it refuses stops the import too.
   */
  allOrNothing?: { checkBatch: ImportBatch<Row> } | null;
  /** Rows per `importBatch` call; default: all rows in one call, so an atomic `importBatch` makes the import all-or-nothing. */
  batchSize?: number;
  /**
   * Rows with the same key are sent in the same batch (e.g. a contact's e-mail in lower case), so a batch checked on
   * its own sees every line about one record; null: the row belongs to no group. Default: batches in file order.
   */
  batchGroupKey?(row: Row): string | null;
  maxBytes?: number;
  /** Other files the first step takes (e.g. '.zip') and how they become one CSV file (CsvFileStep). */
  accept?: string;
  prepareFile?(file: File): Promise<File>;
  /** A failed batch's error in words (the feature's error mapping). */
  describeError(error: unknown): string;
  /** Called when the dialog closes: with the summary when something was imported, else null. */
  onClose(summary: ImportSummary | null): void;
}

type Step = 'file' | 'mapping' | 'preview' | 'import';
const STEP_ORDER: Step[] = ['file', 'mapping', 'preview', 'import'];

/**
 * The CSV import wizard: choose a file → match its columns to the fields (remembered) → check every row (per-line
 * errors) → import with a progress bar → summary. Mounted while open; it cannot be closed while rows are being sent.
 */
export function CsvImportDialog<Key extends string, Row>(props: CsvImportDialogProps<Key, Row>) {
  const { schema, mappingStore } = props;
  const [step, setStep] = useState<Step>('file');
  const [csv, setCsv] = useState<ParsedCsv | null>(null);
  const [mapping, setMapping] = useState<CsvMapping<Key>>({});
  const [fixed, setFixed] = useState<CsvFixedValues<Key>>({});
  const [mappingError, setMappingError] = useState<string | undefined>();
  const [validation, setValidation] = useState<CsvValidation<Row> | null>(null);
  const [progress, setProgress] = useState<{ done: number; total: number; phase: ImportPhase }>({ done: 0, total: 0, phase: 'importing' });
  const [summary, setSummary] = useState<ImportSummary | null>(null);
  const remembered = useRef<Promise<CsvMapping<Key> | null> | null>(null);
  const isImporting = step === 'import' && summary === null;
  const knownHeaders = useMemo(() => knownHeaderNames(schema.fields), [schema.fields]);
  // The lines that are not data: the file's title lines and totals, then (once checked) the schema's summary rows.
  const leftOut = csv ? leftOutReasons(csv, validation?.skipped) : [];

  useEffect(() => {
    remembered.current = mappingStore.load().catch(() => null);
  }, [mappingStore]);

  async function handleParsed(parsed: ParsedCsv) {
    const stored = await (remembered.current ?? Promise.resolve(null));
    setCsv(parsed);
    setMapping(suggestMapping(parsed.headers, schema.fields, stored));
    setFixed({});
    setMappingError(undefined);
    setStep('mapping');
  }

  async function handleMappingNext() {
    if (!csv) return;
    const missing = missingRequiredFields(schema.fields, mapping, fixed);
    const doubled = doublyMappedHeaders(mapping);
    if (missing.length > 0) return setMappingError(csvCopy.missingRequired(missing.map((field) => field.label).join(', ')));
    if (doubled.length > 0) return setMappingError(csvCopy.doublyMapped(doubled.join(', ')));
    setMappingError(undefined);
    setValidation(null);
    setStep('preview');
    void mappingStore.save(mapping).catch(() => undefined);
    setValidation(await validateRows(csv, mapping, schema, { fixed }));
  }

  async function handleImport() {
    if (!validation) return;
    setStep('import');
    const rows = validation.valid.map((row) => row.value);
    const result = await runImport(rows, props.importBatch, {
      batchSize: props.batchSize ?? Math.max(1, rows.length),
      lines: validation.valid.map((row) => row.line),
      skippedLines: validation.errors.map((error) => error.line),
      invalidLines: validation.errors.map((error) => ({ line: error.line, reason: error.messages.join('; ') })),
      groupKey: props.batchGroupKey,
      checkBatch: props.allOrNothing?.checkBatch,
      onProgress: (done, total, phase) => setProgress({ done, total, phase }),
    });
    setSummary(result);
  }

  function handleOpenChange(open: boolean) {
    if (!open && !isImporting) props.onClose(summary);
  }

  const stepNumber = STEP_ORDER.indexOf(step) + 1;
  const validCount = validation?.valid.length ?? 0;
  const errorCount = validation?.errors.length ?? 0;
  const blockedByErrors = Boolean(props.allOrNothing) && errorCount > 0;

  return (
    <Dialog open onOpenChange={handleOpenChange}>
      <DialogContent className="max-w-3xl">
        <DialogHeader>
          <DialogTitle>{props.title}</DialogTitle>
          <DialogDescription>{props.description}</DialogDescription>
          <p className="text-sm font-medium">
            {csvCopy.stepLabel(stepNumber, STEP_ORDER.length)}: {csvCopy.steps[stepNumber - 1]}
          </p>
        </DialogHeader>
        {step === 'file' ? (
          <CsvFileStep
            maxBytes={props.maxBytes ?? DEFAULT_MAX_CSV_BYTES}
            knownHeaders={knownHeaders}
            accept={props.accept}
            prepareFile={props.prepareFile}
            onParsed={(parsed) => void handleParsed(parsed)}
          />
        ) : null}
        {(step === 'mapping' || (step === 'preview' && validation)) && csv ? <CsvLeftOutLines headerLine={csv.headerLine} lines={leftOut} /> : null}
        {step === 'mapping' && csv ? (
          <CsvMappingStep
            csv={csv}
            fields={schema.fields}
            mapping={mapping}
            fixed={fixed}
            onChange={(nextMapping, nextFixed) => {
              setMapping(nextMapping);
              setFixed(nextFixed);
            }}
            error={mappingError}
          />
        ) : null}
        {step === 'preview' && csv ? (
          validation ? (
            <>
              <CsvPreviewStep csv={csv} fields={schema.fields} mapping={mapping} fixed={fixed} validation={validation} />
              {props.options}
              {blockedByErrors ? (
                <p role="alert" className="text-sm font-medium text-destructive">
                  {csvCopy.allOrNothingBlocked(errorCount)}
                </p>
              ) : null}
            </>
          ) : (
            <p role="status" className="text-sm text-muted-foreground">
              {csvCopy.checking}
            </p>
          )
        ) : null}
        {step === 'import' ? <CsvImportProgress {...progress} summary={summary} leftOut={leftOut} describeError={props.describeError} /> : null}
        <DialogFooter className="gap-2">
          {step === 'mapping' ? (
            <>
              <Button variant="outline" onClick={() => setStep('file')}>
                {csvCopy.chooseAnother}
              </Button>
              <Button onClick={() => void handleMappingNext()}>{csvCopy.next}</Button>
            </>
          ) : null}
          {step === 'preview' ? (
            <>
              <Button variant="outline" onClick={() => setStep('mapping')}>
                {csvCopy.back}
              </Button>
              <Button onClick={() => void handleImport()} disabled={!validation || validCount === 0 || blockedByErrors}>
                {errorCount > 0 ? csvCopy.importValid(validCount, errorCount) : csvCopy.importAll(validCount)}
              </Button>
            </>
          ) : null}
          {step === 'import' ? (
            <Button onClick={() => handleOpenChange(false)} disabled={isImporting}>
              {csvCopy.done}
            </Button>
          ) : (
            <Button variant="ghost" onClick={() => handleOpenChange(false)}>
              {csvCopy.cancel}
            </Button>
          )}
        </DialogFooter>
      </DialogContent>
    </Dialog>
  );
}
