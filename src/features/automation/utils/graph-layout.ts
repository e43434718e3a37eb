import { waysOf } from '@/features/automation/utils/graph-ways';
import type { WorkflowGraph } from '@/features/automation/utils/workflow-graph';

/** The graph view's node for the trigger (a step id may be any text, but not start with "@"). */
export const TRIGGER_NODE_ID = '@trigger';
export const NODE_WIDTH = 224;
export const NODE_HEIGHT = 96;
const GAP_X = 40;
const GAP_Y = 64;

export interface NodePosition {
  x: number;
  y: number;
}

/**
 * A layered layout, top to bottom: the trigger on the first row, each step on the row of its shortest way from the
 * trigger (breadth first, so a loop back to an earlier step does not push it down), steps no way reaches on rows
 * below, in list order. A row's steps sit side by side in the order they were reached (yes before no, branch A
 * before B), centred under the trigger. Pure: the same graph gives the same positions.
 */
export function layoutGraph(graph: WorkflowGraph): Map<string, NodePosition> {
  const byId = new Map(graph.steps.map((step) => [step.id, step]));
  const rank = new Map<string, number>([[TRIGGER_NODE_ID, 0]]);
  const rows: string[][] = [[TRIGGER_NODE_ID]];
  const place = (id: string, row: number) => {
    rank.set(id, row);
    (rows[row] ??= []).push(id);
  };
  const walk = (start: string, row: number) => {
    place(start, row);
    const queue = [start];
    while (queue.length > 0) {
      const id = queue.shift()!;
      for (const { target } of waysOf(byId.get(id)!)) {
        if (target === null || !byId.has(target) || rank.has(target)) continue;
        place(target, rank.get(id)! + 1);
        queue.push(target);
      }
    }
  };
  for (const step of graph.steps) {
    if (!rank.has(step.id)) walk(step.id, rows.length);
  }

  const positions = new Map<string, NodePosition>();
  rows.forEach((row, y) => {
    row.forEach((id, x) => {
      positions.set(id, { x: (x - (row.length - 1) / 2) * (NODE_WIDTH + GAP_X), y: y * (NODE_HEIGHT + GAP_Y) });
    });
  });
  return positions;
}
