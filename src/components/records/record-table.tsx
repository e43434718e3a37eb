import type { ReactNode } from 'react';
import { Table, TableBody, TableCell, TableHead, TableHeader, TableRow } from '@/components/ui/table';
import { useMediaQuery, WIDE_SCREEN_QUERY } from '@/lib/use-media-query';
import { RecordCard, RecordCardList } from './record-card';

export interface RecordColumn<T> {
  header: string;
  cell(record: T): ReactNode;
  /** On a card the value speaks for itself (a status badge): its label is for screen readers only. */
  isLabelHiddenOnCard?: boolean;
  className?: string;
}

interface RecordTableProps<T> {
  records: readonly T[];
  rowKey(record: T): string;
  /** The first column: the record's title, with its description below it. */
  titleHeader: string;
  title(record: T): string;
  description?(record: T): string | undefined;
  columns: readonly RecordColumn<T>[];
  actionsHeader: string;
  actions(record: T): ReactNode;
}

/**
 * Records as a table on a wide screen (from `md` on), and as stacked cards on a phone: everything readable, every
 * action on screen at 375 px. Only one of the two is rendered.
 */
export function RecordTable<T>({ records, rowKey, titleHeader, title, description, columns, actionsHeader, actions }: RecordTableProps<T>) {
  const isWide = useMediaQuery(WIDE_SCREEN_QUERY);
  if (!isWide) {
    return (
      <RecordCardList>
        {records.map((record) => (
          <RecordCard
            key={rowKey(record)}
            title={title(record)}
            description={description?.(record)}
            fields={columns.map((column) => ({ label: column.header, value: column.cell(record), isLabelHidden: column.isLabelHiddenOnCard }))}
            actions={actions(record)}
          />
        ))}
      </RecordCardList>
    );
  }
  return (
    <Table>
      <TableHeader>
        <TableRow>
          <TableHead>{titleHeader}</TableHead>
          {columns.map((column) => (
            <TableHead key={column.header}>{column.header}</TableHead>
          ))}
          <TableHead className="text-right">{actionsHeader}</TableHead>
        </TableRow>
      </TableHeader>
      <TableBody>
        {records.map((record) => {
          const text = description?.(record);
          return (
            <TableRow key={rowKey(record)}>
              <TableCell className="max-w-md">
                <p className="font-medium break-words">{title(record)}</p>
                {text ? <p className="text-sm text-muted-foreground break-words">{text}</p> : null}
              </TableCell>
              {columns.map((column) => (
                <TableCell key={column.header} className={column.className}>
                  {column.cell(record)}
                </TableCell>
              ))}
              <TableCell className="text-right">
                <div className="flex justify-end gap-1">{actions(record)}</div>
              </TableCell>
            </TableRow>
          );
        })}
      </TableBody>
    </Table>
  );
}
