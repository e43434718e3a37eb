import { describe, expect, it } from 'vitest';
import { graphToFlow } from '@/features/automation/utils/graph-flow';
import { TRIGGER_NODE_ID } from '@/features/automation/utils/graph-layout';
import type { WorkflowGraph, WorkflowStep } from '@/features/automation/utils/workflow-graph';

const graphOf = (steps: WorkflowStep[]): WorkflowGraph => ({ trigger: { type: 'tag_added', tag: 'vip' }, enrollment: 'once', steps });
const edgesOf = (graph: WorkflowGraph) => graphToFlow(graph).edges.map((edge) => [edge.source, edge.sourceHandle, edge.target, edge.label ?? null]);
const nodeOf = (graph: WorkflowGraph, id: string) => graphToFlow(graph).nodes.find((node) => node.id === id)!;

describe('graphToFlow', () => {
  it('linear: a node for the trigger and each step (kind and summary), an unlabelled edge per next', () => {
    const graph = graphOf([{ id: 'tag', type: 'add_tag', tag: 'new', next: 'done' }, { id: 'done', type: 'end' }]);
    const { nodes } = graphToFlow(graph);
    expect(nodes.map((node) => [node.id, node.data.kind, node.data.summary])).toEqual([
      [TRIGGER_NODE_ID, 'Starts when', 'A tag is added'],
      ['tag', 'Add tag', 'Add tag “new”'],
      ['done', 'End', 'End'],
    ]);
    expect(edgesOf(graph)).toEqual([[TRIGGER_NODE_ID, 'next', 'tag', null], ['tag', 'next', 'done', null]]);
    expect(nodes.every((node) => node.width && node.height && Number.isFinite(node.position.y))).toBe(true);
  });

  it('condition: a Yes edge and a No edge from its yes and no handles', () => {
    const graph = graphOf([
      { id: 'if', type: 'condition', check: { kind: 'band', band: 'hot' }, yes: 'a', no: 'b' },
      { id: 'a', type: 'end' },
      { id: 'b', type: 'end' },
    ]);
    expect(edgesOf(graph).slice(1)).toEqual([['if', 'yes', 'a', 'Yes'], ['if', 'no', 'b', 'No']]);
    expect(nodeOf(graph, 'if').data.ways.map((way) => [way.way, way.open])).toEqual([['yes', false], ['no', false]]);
  });

  it('split: an edge per branch labelled with its letter and share, ids unique', () => {
    const graph = graphOf([
      { id: 'ab', type: 'split', branches: [{ share: 70, next: 'a' }, { share: 30, next: 'a' }] },
      { id: 'a', type: 'end' },
    ]);
    const { edges } = graphToFlow(graph);
    expect(edgesOf(graph).slice(1)).toEqual([['ab', 'branch-0', 'a', 'A · 70 %'], ['ab', 'branch-1', 'a', 'B · 30 %']]);
    expect(new Set(edges.map((edge) => edge.id)).size).toBe(edges.length);
  });

  it('a dangling branch (not chosen, or to a step that is gone): no edge, the way marked open', () => {
    const graph = graphOf([{ id: 'if', type: 'condition', check: { kind: 'has_email' }, yes: null, no: 'gone' }]);
    expect(edgesOf(graph)).toEqual([[TRIGGER_NODE_ID, 'next', 'if', null]]);
    expect(nodeOf(graph, 'if').data.ways.map((way) => way.open)).toEqual([true, true]);
  });

  it('end: no way out and no edge from it; no steps: the trigger’s way is open', () => {
    const graph = graphOf([{ id: 'done', type: 'end' }]);
    expect(nodeOf(graph, 'done').data.ways).toEqual([]);
    expect(edgesOf(graph)).toEqual([[TRIGGER_NODE_ID, 'next', 'done', null]]);
    expect(nodeOf(graphOf([]), TRIGGER_NODE_ID).data.ways[0]!.open).toBe(true);
  });

  it('a publish refusal marks its step’s node; one naming no step marks the trigger, a goal’s neither', () => {
    const graph = graphOf([{ id: 'tag', type: 'add_tag', tag: '', next: null }]);
    const onStep = graphToFlow(graph, { problem: { problem: 'tag_invalid', stepId: 'tag', message: 'Give the tag.' } }).nodes;
    expect(onStep.map((node) => node.data.fault)).toEqual([null, 'Give the tag.']);
    const onTrigger = graphToFlow(graph, { problem: { problem: 'trigger_tag_invalid', stepId: null, message: 'Name the tag.' } }).nodes;
    expect(onTrigger.map((node) => node.data.fault)).toEqual(['Name the tag.', null]);
    const onGoal = graphToFlow(graph, { problem: { problem: 'goal_invalid', stepId: null, message: 'Goal.' } }).nodes;
    expect(onGoal.map((node) => node.data.fault)).toEqual([null, null]);
  });
});
