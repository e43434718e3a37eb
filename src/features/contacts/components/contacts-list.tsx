import { RecordTable, type RecordColumn } from '@/components/records/record-table';
import { Badge } from '@/components/ui/badge';
import { Button } from '@/components/ui/button';
import { Checkbox } from '@/components/ui/checkbox';
import { bandTones } from '@/config/contact-options';
import { contactsCopy } from '@/config/contacts-copy';
import { leadScoreBands, type LeadScoreBand } from '@/config/sample-figures';
import type { Contact } from '@/features/contacts/api/contacts-query';
import { contactName, stageLabel } from '@/features/contacts/utils/contact-display';

const copy = contactsCopy.columns;

function ScoreBadge({ contact }: { contact: Contact }) {
  const band = contact.score_band as LeadScoreBand;
  const label = leadScoreBands.find((entry) => entry.band === band)?.label ?? band;
  return (
    <Badge variant={bandTones[band] ?? 'grey'}>
      {contact.lead_score} · {label}
    </Badge>
  );
}

interface ContactsListProps {
  contacts: readonly Contact[];
  ownerName(ownerId: string | null): string;
  /** Absent for viewers: no selection, no actions. */
  actions?: {
    selected: ReadonlySet<string>;
    onSelect(id: string, isSelected: boolean): void;
    onEdit(contact: Contact): void;
    onDelete(contact: Contact, opener: HTMLElement): void;
  };
}

/** Contacts as a table (cards on a phone): name and e-mail, company, stage, score and band, tags, owner. */
export function ContactsList({ contacts, ownerName, actions }: ContactsListProps) {
  const columns: RecordColumn<Contact>[] = [
    { header: copy.company, cell: (contact) => <span className="break-words">{contact.company ?? '—'}</span> },
    { header: copy.stage, cell: (contact) => stageLabel(contact.lifecycle_stage) },
    { header: copy.score, cell: (contact) => <ScoreBadge contact={contact} /> },
    { header: copy.tags, cell: (contact) => <span className="break-words">{contact.tags.join(', ') || '—'}</span> },
    { header: copy.owner, cell: (contact) => ownerName(contact.owner_id) },
  ];
  return (
    <RecordTable
      records={contacts}
      rowKey={(contact) => contact.id}
      titleHeader={copy.name}
      title={(contact) => contactName(contact)}
      description={(contact) => (contact.first_name || contact.last_name ? (contact.email ?? undefined) : undefined)}
      columns={columns}
      actionsHeader={copy.actions}
      actions={
        actions
          ? (contact) => (
              <div className="flex flex-wrap items-center justify-end gap-2">
                <Checkbox
                  checked={actions.selected.has(contact.id)}
                  onCheckedChange={(checked) => actions.onSelect(contact.id, checked === true)}
                  aria-label={contactsCopy.selectOne(contactName(contact))}
                  className="size-5"
                />
                <Button variant="outline" size="sm" onClick={() => actions.onEdit(contact)} aria-label={contactsCopy.editLabel(contactName(contact))}>
                  {contactsCopy.edit}
                </Button>
                <Button variant="outline" size="sm" onClick={(event) => actions.onDelete(contact, event.currentTarget)} aria-label={contactsCopy.deleteLabel(contactName(contact))}>
                  {contactsCopy.delete}
                </Button>
              </div>
            )
          : undefined
      }
    />
  );
}
