import { describe, expect, it } from 'vitest';
import { layoutGraph, NODE_WIDTH, TRIGGER_NODE_ID } from '@/features/automation/utils/graph-layout';
import type { WorkflowGraph, WorkflowStep } from '@/features/automation/utils/workflow-graph';

const graphOf = (steps: WorkflowStep[]): WorkflowGraph => ({ trigger: { type: 'contact_created' }, enrollment: 'once', steps });
const rowOf = (positions: Map<string, { y: number }>) => (id: string) => positions.get(id)!.y;

describe('layoutGraph', () => {
  it('linear: the trigger, then each step one row lower, all in one column', () => {
    const positions = layoutGraph(graphOf([
      { id: 'a', type: 'add_tag', tag: 't', next: 'b' },
      { id: 'b', type: 'wait', minutes: 60, next: 'c' },
      { id: 'c', type: 'end' },
    ]));
    const ys = [TRIGGER_NODE_ID, 'a', 'b', 'c'].map(rowOf(positions));
    expect(ys).toEqual([...ys].sort((x, y) => x - y));
    expect(new Set(ys).size).toBe(4);
    expect(new Set([...positions.values()].map((position) => position.x))).toEqual(new Set([0]));
  });

  it('condition: yes and no on the row below it, yes on the left, side by side without overlap', () => {
    const positions = layoutGraph(graphOf([
      { id: 'if', type: 'condition', check: { kind: 'has_email' }, yes: 'mail', no: 'stop' },
      { id: 'mail', type: 'send_email', subject: 's', body: 'b', next: 'stop2' },
      { id: 'stop', type: 'end' },
      { id: 'stop2', type: 'end' },
    ]));
    const row = rowOf(positions);
    expect(row('mail')).toBe(row('stop'));
    expect(row('mail')).toBeGreaterThan(row('if'));
    expect(positions.get('stop')!.x - positions.get('mail')!.x).toBeGreaterThanOrEqual(NODE_WIDTH);
    expect(positions.get('mail')!.x + positions.get('stop')!.x).toBe(0); // centred
    expect(row('stop2')).toBeGreaterThan(row('mail'));
  });

  it('split: its branches side by side in branch order; a step both reach is placed once, on its shortest row', () => {
    const positions = layoutGraph(graphOf([
      { id: 'ab', type: 'split', branches: [{ share: 30, next: 'a' }, { share: 30, next: 'b' }, { share: 40, next: 'done' }] },
      { id: 'a', type: 'add_tag', tag: 'a', next: 'done' },
      { id: 'b', type: 'add_tag', tag: 'b', next: 'done' },
      { id: 'done', type: 'end' },
    ]));
    expect(positions.get('a')!.x).toBeLessThan(positions.get('b')!.x);
    expect(positions.get('b')!.x).toBeLessThan(positions.get('done')!.x);
    expect(rowOf(positions)('done')).toBe(rowOf(positions)('a'));
    expect(positions.size).toBe(5);
  });

  it('a dangling branch and a target that is gone are skipped; a step nothing reaches gets a row below', () => {
    const positions = layoutGraph(graphOf([
      { id: 'if', type: 'condition', check: { kind: 'tag', tag: 'x' }, yes: null, no: 'gone' },
      { id: 'orphan', type: 'add_tag', tag: 'y', next: 'end' },
      { id: 'end', type: 'end' },
    ]));
    const row = rowOf(positions);
    expect(positions.has('gone')).toBe(false);
    expect(row('orphan')).toBeGreaterThan(row('if'));
    expect(row('end')).toBeGreaterThan(row('orphan'));
  });

  it('a loop back (a wait returning to an earlier step) and an end: finite, each step once', () => {
    const positions = layoutGraph(graphOf([
      { id: 'check', type: 'condition', check: { kind: 'tag', tag: 'x' }, yes: 'end', no: 'pause' },
      { id: 'pause', type: 'wait', minutes: 60, next: 'check' },
      { id: 'end', type: 'end' },
    ]));
    expect(positions.size).toBe(4);
    expect(rowOf(positions)('pause')).toBeGreaterThan(rowOf(positions)('check'));
  });

  it('no steps: the trigger alone', () => {
    expect([...layoutGraph(graphOf([])).keys()]).toEqual([TRIGGER_NODE_ID]);
  });
});
