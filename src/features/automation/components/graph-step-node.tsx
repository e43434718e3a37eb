import { Handle, Position, type NodeProps } from '@xyflow/react';
import { automationGraphCopy } from '@/config/automation-graph-copy';
import type { StepNode } from '@/features/automation/utils/graph-flow';
import { TRIGGER_NODE_ID } from '@/features/automation/utils/graph-layout';
import { cn } from '@/lib/utils';

/**
 * A box of the graph: the trigger or a step, its kind and what it does; a dot on top to lead into it, one below per
 * way out (spread left to right: yes / no, branch A / B …). A way leading nowhere and a publish refusal are written
 * in it.
 */
export function GraphStepNode({ id, data, selected, isConnectable }: NodeProps<StepNode>) {
  const open = data.ways.filter((way) => way.open);
  return (
    <div
      data-testid={`graph-node-${id}`}
      className={cn(
        'flex h-full w-full flex-col rounded-md border bg-background px-3 py-2 text-left text-sm shadow-sm',
        selected && 'ring-2 ring-ring',
        data.fault && 'border-2 border-destructive',
      )}
    >
      {id === TRIGGER_NODE_ID ? null : <Handle type="target" position={Position.Top} isConnectable={isConnectable} />}
      <span className="truncate text-xs text-muted-foreground">{data.kind}</span>
      <span className="line-clamp-2 font-medium">{data.summary}</span>
      {data.fault ? (
        <span className="truncate text-xs font-medium text-destructive">{data.fault}</span>
      ) : open.length > 0 ? (
        <span className="truncate text-xs font-medium text-destructive">{open.map((way) => automationGraphCopy.openWay(way.label)).join(' · ')}</span>
      ) : null}
      {data.ways.map((way, index) => (
        <Handle
          key={way.way}
          id={way.way}
          type="source"
          position={Position.Bottom}
          isConnectable={isConnectable && id !== TRIGGER_NODE_ID}
          style={{ left: `${((index + 1) / (data.ways.length + 1)) * 100}%` }}
        />
      ))}
    </div>
  );
}
