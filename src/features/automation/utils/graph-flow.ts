import type { Edge, Node } from '@xyflow/react';
import { automationCopy } from '@/config/automation-copy';
import { layoutGraph, NODE_HEIGHT, NODE_WIDTH, TRIGGER_NODE_ID } from '@/features/automation/utils/graph-layout';
import { waysOf, type Way } from '@/features/automation/utils/graph-ways';
import type { PublishProblem } from '@/features/automation/utils/publish-error';
import { describeStep } from '@/features/automation/utils/step-list';
import type { WorkflowGraph } from '@/features/automation/utils/workflow-graph';

export interface FlowWay {
  way: Way;
  label: string | null;
  /** Leads nowhere yet (not chosen, or to a step that is gone): the node says so, and publishing would name it. */
  open: boolean;
}

export type StepNodeData = {
  kind: string;
  summary: string;
  ways: FlowWay[];
  /** The step the database refused to publish: its reason. */
  fault: string | null;
};
export type StepNode = Node<StepNodeData, 'step'>;

interface FlowOptions {
  /** A publish's refusal: on its step's node, or on the trigger's when it names no step (a goal's is not the trigger's). */
  problem?: PublishProblem | null;
  templateNames?: ReadonlyMap<string, string>;
}

/**
 * The workflow graph as React Flow's nodes and edges: a node for the trigger and one per step (its kind and what it
 * does), laid out by layoutGraph; an edge from the trigger to the first step and one per way out that leads to a
 * step, labelled Yes / No / a split's branch. Ids: a step's node is its id; an edge is `<from>:<way>`.
 */
export function graphToFlow(graph: WorkflowGraph, { problem = null, templateNames }: FlowOptions = {}): { nodes: StepNode[]; edges: Edge[] } {
  const positions = layoutGraph(graph);
  const ids = new Set(graph.steps.map((step) => step.id));
  const node = (id: string, data: StepNodeData): StepNode => ({
    id, type: 'step', data, position: positions.get(id)!, width: NODE_WIDTH, height: NODE_HEIGHT,
  });
  const first = graph.steps[0]?.id ?? null;
  const nodes = [
    node(TRIGGER_NODE_ID, {
      kind: automationCopy.trigger,
      summary: automationCopy.triggers[graph.trigger.type] ?? graph.trigger.type,
      ways: [{ way: 'next', label: null, open: first === null }],
      fault: problem && !problem.stepId && problem.problem !== 'goal_invalid' ? problem.message : null,
    }),
    ...graph.steps.map((step) => node(step.id, {
      kind: automationCopy.stepTypes[step.type] ?? step.type,
      summary: describeStep(step, templateNames),
      ways: waysOf(step).map(({ way, label, target }) => ({ way, label, open: target === null || !ids.has(target) })),
      fault: problem?.stepId === step.id ? problem.message : null,
    })),
  ];
  const edge = (source: string, way: Way, target: string, label: string | null): Edge => ({
    id: `${source}:${way}`, source, sourceHandle: way, target, label: label ?? undefined, type: 'smoothstep', markerEnd: 'arrow',
  });
  const edges = [
    ...(first === null ? [] : [edge(TRIGGER_NODE_ID, 'next', first, null)]),
    ...graph.steps.flatMap((step) =>
      waysOf(step).flatMap(({ way, target, label }) => (target !== null && ids.has(target) ? [edge(step.id, way, target, label)] : []))),
  ];
  return { nodes, edges };
}
