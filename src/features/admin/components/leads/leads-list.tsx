import { RecordTable, type RecordColumn } from '@/components/records/record-table';
import { Badge } from '@/components/ui/badge';
import { Button } from '@/components/ui/button';
import { leadStatuses } from '@/config/lead-options';
import { leadsCopy } from '@/config/leads-copy';
import type { Lead } from '@/features/admin/api/leads-query';
import { formatDateTime, truncate } from '@/lib/format';

const MESSAGE_PREVIEW_LENGTH = 80;
const copy = leadsCopy.columns;

const columns: readonly RecordColumn<Lead>[] = [
  { header: copy.company, cell: (lead) => lead.company ?? '—' },
  { header: copy.message, cell: (lead) => <span className="break-words">{truncate(lead.message, MESSAGE_PREVIEW_LENGTH)}</span>, className: 'max-w-xs' },
  { header: copy.received, cell: (lead) => formatDateTime(lead.created_at) },
  {
    header: copy.status,
    isLabelHiddenOnCard: true,
    cell: (lead) => {
      const status = leadStatuses.find((option) => option.value === lead.status);
      return <Badge variant={status?.tone ?? 'grey'}>{status?.label ?? lead.status}</Badge>;
    },
  },
];

/** The inbox's rows (a table on a wide screen, cards on a phone), each with Open. */
export function LeadsList({ leads, onOpen }: { leads: readonly Lead[]; onOpen(lead: Lead): void }) {
  return (
    <RecordTable
      records={leads}
      rowKey={(lead) => lead.id}
      titleHeader={copy.name}
      title={(lead) => lead.name}
      description={(lead) => lead.email}
      columns={columns}
      actionsHeader={copy.actions}
      actions={(lead) => (
        <Button variant="outline" size="sm" onClick={() => onOpen(lead)} aria-label={leadsCopy.openLabel(lead.name)}>
          {leadsCopy.open}
        </Button>
      )}
    />
  );
}
