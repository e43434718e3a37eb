import { Download } from 'lucide-react';
import { useState } from 'react';
import { toast } from '@/lib/toast';
import { Button } from '@/components/ui/button';
import { csvCopy } from '@/config/csv-copy';
import { downloadCsv, type CsvColumn } from '@/lib/csv-export';

interface CsvExportButtonProps<Row> {
  /** Loads every row to export (all pages, not only the ones on screen). */
  loadRows(): Promise<Row[]>;
  columns: readonly CsvColumn<Row>[];
  fileName: string;
  /** The toast title when loading fails (the feature's 'Error loading …'). */
  failureTitle: string;
  label?: string;
}

/** A button that loads the rows, then downloads them as CSV (RFC 4180, BOM, formulas neutralised). */
export function CsvExportButton<Row>({ loadRows, columns, fileName, failureTitle, label = csvCopy.exportCsv }: CsvExportButtonProps<Row>) {
  const [isExporting, setIsExporting] = useState(false);

  async function handleClick() {
    setIsExporting(true);
    try {
      downloadCsv(fileName, columns, await loadRows());
    } catch (error) {
      toast.error(failureTitle, { description: error instanceof Error ? error.message : undefined });
    } finally {
      setIsExporting(false);
    }
  }

  return (
    <Button variant="outline" onClick={() => void handleClick()} disabled={isExporting}>
      <Download aria-hidden="true" />
      {isExporting ? csvCopy.exporting : label}
    </Button>
  );
}
