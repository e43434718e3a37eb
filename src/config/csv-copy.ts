const count = (n: number, one: string, many: string) => `${n} ${n === 1 ? one : many}`;
const rows = (n: number) => count(n, 'row', 'rows');
const lines = (n: number) => count(n, 'line', 'lines');

/** Every text of the CSV import wizard and export buttons (src/components/csv), once. */
export const csvCopy = {
  stepLabel: (step: number, total: number) => `Step ${step} of ${total}`,
  steps: ['Choose a file', 'Match the columns', 'Check the rows', 'Import'] as const,

  fileLabel: 'CSV file',
  fileHint: (maxMb: string) => `A .csv file exported from your ad platform or a spreadsheet, up to ${maxMb}.`,
  encodingLabel: 'Text encoding',
  encodingOptions: [
    { value: 'auto', label: 'Detect automatically' },
    { value: 'utf-8', label: 'UTF-8' },
    { value: 'windows-1252', label: 'Windows (Excel, Western)' },
  ] as const,
  reading: 'Reading the file...',
  readAs: (encoding: string) => `Read as ${encoding}.`,
  problems: {
    tooLarge: (maxMb: string) => `This file is larger than ${maxMb}. Split it into smaller files and import them one by one.`,
    notCsv: 'This is not a CSV file. Export your data as CSV (comma-separated values) and choose that file.',
    unreadable: 'The file could not be read. Choose it again.',
    encoding: 'This file is not UTF-8 text. Choose "Windows (Excel, Western)" as the encoding, or save it as CSV UTF-8.',
    empty: 'This file is empty.',
    noRows: 'This file has a header but no data rows.',
    duplicateHeader: (header: string) => `The column "${header}" appears twice in the header. Rename one of them.`,
    malformed: (line: number) => `Line ${line}: a quoted cell is never closed. Check the quotes on that line.`,
  },

  headerFoundOn: (line: number) => `The column names are on line ${line}.`,
  leftOutTitle: (n: number) => `${lines(n)} ${n === 1 ? 'is' : 'are'} not data and will not be imported:`,
  leftOutAbove: (text: string) => `above the column names (“${text}”)`,
  leftOutTotal: (text: string) => `a total row (“${text}”)`,
  moreLeftOut: (n: number) => `and ${n} more`,

  mappingIntro: 'Choose the column of your file that holds each field. Your choice is remembered for the next import.',
  notMapped: 'Not in this file',
  everyLine: (value: string) => `Every line: ${value}`,
  required: 'required',
  missingRequired: (labels: string) => `Choose a column (or a value for every line) for: ${labels}.`,
  doublyMapped: (headers: string) => `Each column can fill one field only: ${headers}.`,
  sampleValue: (value: string) => `First row: ${value || '(empty)'}`,

  checking: 'Checking the rows...',
  previewSummary: (valid: number, invalid: number) =>
    invalid === 0
      ? valid === 1 ? 'The row is ready to import.' : `All ${valid} rows are ready to import.`
      : `${rows(valid)} ${valid === 1 ? 'is' : 'are'} ready; ${lines(invalid)} ${invalid === 1 ? 'has errors' : 'have errors'} and will not be imported.`,
  previewCaption: (shown: number, total: number) => `The first ${shown} of ${total} rows to import`,
  errorsTitle: 'Lines with errors',
  errorLine: (line: number) => `Line ${line}`,
  moreErrors: (n: number) => `and ${n} more ${n === 1 ? 'line' : 'lines'} with errors`,
  nothingValid: 'No row of this file can be imported. Correct the lines above and choose the file again.',
  allOrNothingBlocked: (count: number) =>
    `Nothing will be imported: ${lines(count)} ${count === 1 ? 'has' : 'have'} errors (listed above). Correct them and choose the file again, or choose to import only the good lines.`,

  importing: (done: number, total: number) => `Importing ${done} of ${rows(total)}...`,
  checkingBatches: (done: number, total: number) => `Checking ${done} of ${rows(total)} before importing...`,
  progressLabel: 'Import progress',
  summaryTitle: 'Import finished',
  summaryAdded: (count: number) => `${count} new`,
  summaryUpdated: (count: number) => `${count} updated`,
  summaryUnchanged: (count: number) => `${count} already imported (unchanged)`,
  summaryNotTaken: (n: number) => `${lines(n)} ${n === 1 ? 'was' : 'were'} not imported:`,
  rejectedTitle: 'Nothing was imported',
  rejected: (n: number) => `${lines(n)} ${n === 1 ? 'was' : 'were'} refused, so no line of this file was imported.`,
  rejectedLines: 'Lines refused:',
  summaryFailed: (notSent: number) => `The import stopped: ${rows(notSent)} ${notSent === 1 ? 'was' : 'were'} not imported.`,

  back: 'Back',
  next: 'Next',
  cancel: 'Cancel',
  chooseAnother: 'Choose another file',
  importAll: (n: number) => `Import ${rows(n)}`,
  importValid: (n: number, skipped: number) => `Import ${rows(n)}, skip ${lines(skipped)}`,
  done: 'Done',

  exportCsv: 'Export CSV',
  exporting: 'Exporting...',
};

/** '5 MB' for a cap in bytes. */
export function formatMegabytes(bytes: number): string {
  return `${Math.round((bytes / (1024 * 1024)) * 10) / 10} MB`;
}
