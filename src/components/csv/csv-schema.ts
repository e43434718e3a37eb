import type { z } from 'zod';

/**
 * What a CSV import expects, supplied by the feature that imports: the fields a file's columns map to, and a zod
 * schema that turns one mapped row (field key → cell text) into the record the feature stores.
 */
export interface CsvField<Key extends string = string> {
  key: Key;
  /** Shown in the mapping step and in error messages ('Impressions: …'). */
  label: string;
  isRequired: boolean;
  /** Other header names ad platforms use for this field, matched case- and punctuation-insensitively. */
  aliases?: readonly string[];
  /**
   * Values that can be given to every line of a file without a column for this field (a single-platform export has no
   * Platform column: the user picks the platform in the mapping step).
   */
  choices?: readonly string[];
}

/** One mapped row: field key → its cell's text (trimmed); unmapped optional fields are absent. */
export type CsvRowInput<Key extends string> = Partial<Record<Key, string>>;

/** How each row of a file is checked. */
export interface CsvRowChecks<Key extends string, Row> {
  /** Parses a mapped row into the record to store, or says what is wrong with it (by field). */
  row: z.ZodType<Row, CsvRowInput<Key>>;
  /**
   * A row under the header that is not data although it looks like it (a summary row spanning the whole report):
   * why it is left out, or null. Left-out rows are listed, not counted as errors.
   */
  skipRow?(input: CsvRowInput<Key>): string | null;
}

export interface CsvImportSchema<Key extends string, Row> extends CsvRowChecks<Key, Row> {
  fields: readonly CsvField<Key>[];
  /**
   * The checks for one file, from all its mapped rows, when a format can only be read from the whole file (is
   * 3/4/2026 the 4th of March or the 3rd of April?). Default: `row` and `skipRow` as they are.
   */
  forFile?(inputs: readonly CsvRowInput<Key>[]): CsvRowChecks<Key, Row>;
}

/** Field key → the header name of the file's column that holds it (absent: not mapped). */
export type CsvMapping<Key extends string = string> = Partial<Record<Key, string>>;

/** Field key → the value every line gets, for fields the file has no column for (one of the field's `choices`). */
export type CsvFixedValues<Key extends string = string> = Partial<Record<Key, string>>;

/**
 * Where the mapping of a workspace is remembered between imports (a table, local storage: the caller decides).
 * `load` answers null when nothing is remembered; `save` may fail, the import goes on.
 */
export interface CsvMappingStore<Key extends string = string> {
  load(): Promise<CsvMapping<Key> | null>;
  save(mapping: CsvMapping<Key>): Promise<void>;
}

/** 'Ad Spend (USD)' → 'adspendusd': how headers are compared. */
export function normaliseHeader(header: string): string {
  return header
    .normalize('NFKD')
    .toLowerCase()
    .replace(/[^a-z0-9]/g, '');
}

/** Every name a field's column may have (key, label, aliases), normalised: how the header of a file is found. */
export function knownHeaderNames(fields: readonly CsvField[]): string[] {
  return [...new Set(fields.flatMap((field) => [field.key, field.label, ...(field.aliases ?? [])].map(normaliseHeader)))];
}

/**
 * The mapping to start from: the remembered one where its columns are in this file, then for every field still open
 * the first unused column whose header matches its key, label or an alias. A column is used at most once.
 */
export function suggestMapping<Key extends string>(
  headers: readonly string[],
  fields: readonly CsvField<Key>[],
  remembered: CsvMapping<Key> | null = null,
): CsvMapping<Key> {
  const mapping: CsvMapping<Key> = {};
  const used = new Set<string>();
  for (const field of fields) {
    const header = remembered?.[field.key];
    if (header !== undefined && headers.includes(header) && !used.has(header)) {
      mapping[field.key] = header;
      used.add(header);
    }
  }
  for (const field of fields) {
    if (mapping[field.key] !== undefined) continue;
    const names = new Set([field.key, field.label, ...(field.aliases ?? [])].map(normaliseHeader));
    const header = headers.find((candidate) => !used.has(candidate) && names.has(normaliseHeader(candidate)));
    if (header !== undefined) {
      mapping[field.key] = header;
      used.add(header);
    }
  }
  return mapping;
}

/** The required fields that neither a column nor a value for every line fills yet (the mapping step cannot go on). */
export function missingRequiredFields<Key extends string>(
  fields: readonly CsvField<Key>[],
  mapping: CsvMapping<Key>,
  fixed: CsvFixedValues<Key> = {},
): CsvField<Key>[] {
  return fields.filter((field) => field.isRequired && !mapping[field.key] && !fixed[field.key]);
}

/** Columns mapped to more than one field (allowed by nobody: each column feeds one field). */
export function doublyMappedHeaders<Key extends string>(mapping: CsvMapping<Key>): string[] {
  const seen = new Set<string>();
  const doubled = new Set<string>();
  for (const header of Object.values<string | undefined>(mapping)) {
    if (!header) continue;
    if (seen.has(header)) doubled.add(header);
    seen.add(header);
  }
  return [...doubled];
}
