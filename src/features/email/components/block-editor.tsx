import { ArrowDown, ArrowUp, Trash2 } from 'lucide-react';
import { useState } from 'react';
import { OptionSelect } from '@/components/option-select';
import { Button } from '@/components/ui/button';
import { emailCopy } from '@/config/email-copy';
import { moveBlock, newBlock, removeBlock, replaceBlock } from '@/features/email/utils/block-list';
import type { ColumnContent, EmailBlock, EmailBlockType } from '@/lib/email-template/email-blocks';
import { BlockFields } from './block-fields';

const copy = emailCopy.blocks;
const KINDS = (Object.keys(copy.kinds) as EmailBlockType[]).map((value) => ({ value, label: copy.kinds[value] }));
const COLUMN_KINDS = KINDS.filter((kind) => ['heading', 'text', 'image', 'button'].includes(kind.value));

function BlockTools({ label, index, count, onMove, onRemove }: { label: string; index: number; count: number; onMove(step: -1 | 1): void; onRemove(): void }) {
  return (
    <div className="flex gap-1">
      <Button type="button" size="icon" variant="ghost" aria-label={`${copy.moveUp}: ${label}`} disabled={index === 0} onClick={() => onMove(-1)}>
        <ArrowUp className="h-4 w-4" aria-hidden="true" />
      </Button>
      <Button type="button" size="icon" variant="ghost" aria-label={`${copy.moveDown}: ${label}`} disabled={index === count - 1} onClick={() => onMove(1)}>
        <ArrowDown className="h-4 w-4" aria-hidden="true" />
      </Button>
      <Button type="button" size="icon" variant="ghost" aria-label={`${copy.remove}: ${label}`} onClick={onRemove}>
        <Trash2 className="h-4 w-4" aria-hidden="true" />
      </Button>
    </div>
  );
}

function AddBlock({ kinds, onAdd, label }: { kinds: typeof KINDS; onAdd(type: EmailBlockType): void; label: string }) {
  const [kind, setKind] = useState<EmailBlockType>(kinds[1]!.value);
  return (
    <div className="flex flex-wrap items-center gap-2">
      <div className="w-40">
        <OptionSelect<EmailBlockType> value={kind} options={kinds} onChange={setKind} aria-label={`${label}: kind`} />
      </div>
      <Button type="button" variant="outline" onClick={() => onAdd(kind)}>
        {label}
      </Button>
    </div>
  );
}

/**
 * The visual editor of an e-mail's blocks (decision 0020: blocks, not Markdown pages): each block's fields in order,
 * moved up and down or removed with buttons (keyboard and screen readers included), new blocks added at the end.
 */
export function BlockEditor({ blocks, onChange }: { blocks: EmailBlock[]; onChange(blocks: EmailBlock[]): void }) {
  return (
    <fieldset className="space-y-3">
      <legend className="text-sm font-semibold">{copy.heading}</legend>
      {blocks.length === 0 ? <p className="text-sm text-muted-foreground">{copy.empty}</p> : null}
      <ol className="space-y-3">
        {blocks.map((block, index) => {
          const label = `${copy.kinds[block.type]} ${index + 1}`;
          return (
            <li key={index} className="space-y-3 rounded-md border p-3">
              <div className="flex items-center justify-between gap-2">
                <h3 className="text-sm font-medium">{label}</h3>
                <BlockTools label={label} index={index} count={blocks.length} onMove={(step) => onChange(moveBlock(blocks, index, step))} onRemove={() => onChange(removeBlock(blocks, index))} />
              </div>
              {block.type === 'divider' ? null : block.type === 'columns' ? (
                <div className="grid gap-3 sm:grid-cols-2">
                  {block.columns.map((column, side) => {
                    const columnLabel = `${label}, ${copy.column(side + 1)}`;
                    const setColumn = (next: ColumnContent[]) => onChange(replaceBlock(blocks, index, { ...block, columns: side === 0 ? [next, block.columns[1]] : [block.columns[0], next] }));
                    return (
                      <div key={side} className="space-y-3 rounded border border-dashed p-2">
                        {column.map((inner, position) => (
                          <div key={position} className="space-y-2">
                            <BlockFields label={`${columnLabel} ${copy.kinds[inner.type]} ${position + 1}`} block={inner} onChange={(next) => setColumn(replaceBlock(column, position, next as ColumnContent))} />
                            <Button type="button" size="sm" variant="ghost" onClick={() => setColumn(removeBlock(column, position))}>
                              {copy.remove}
                            </Button>
                          </div>
                        ))}
                        <AddBlock kinds={COLUMN_KINDS} label={`${copy.add} (${copy.column(side + 1)})`} onAdd={(type) => setColumn([...column, newBlock(type) as ColumnContent])} />
                      </div>
                    );
                  })}
                </div>
              ) : (
                <BlockFields label={label} block={block} onChange={(next) => onChange(replaceBlock(blocks, index, next as EmailBlock))} />
              )}
            </li>
          );
        })}
      </ol>
      <AddBlock kinds={KINDS} label={copy.add} onAdd={(type) => onChange([...blocks, newBlock(type)])} />
    </fieldset>
  );
}
