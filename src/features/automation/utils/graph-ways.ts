import { blankStep, newStepId } from '@/features/automation/utils/step-list';
import type { StepType, WorkflowGraph, WorkflowStep } from '@/features/automation/utils/workflow-graph';

/** A step's way out, as the graph view names its handle: `next`, `yes`, `no`, or `branch-<index>` of a split. */
export type Way = 'next' | 'yes' | 'no' | `branch-${number}`;

export interface StepWay {
  way: Way;
  /** The step it leads to (null: not chosen yet). */
  target: string | null;
  /** Shown on the edge: Yes, No, or a split's branch letter and share; none for a plain next. */
  label: string | null;
}

const letter = (index: number) => String.fromCharCode(65 + index);

/** A step's ways out, in the order the step list's fields show them (an end has none). */
export function waysOf(step: WorkflowStep): StepWay[] {
  switch (step.type) {
    case 'end':
      return [];
    case 'condition':
      return [{ way: 'yes', target: step.yes, label: 'Yes' }, { way: 'no', target: step.no, label: 'No' }];
    case 'split':
      return step.branches.map((branch, index) => ({ way: `branch-${index}`, target: branch.next, label: `${letter(index)} · ${branch.share} %` }));
    default:
      return [{ way: 'next', target: step.next, label: null }];
  }
}

/** The step with one way out leading to `to` (a way the step does not have leaves it as it was). */
export function setWay(step: WorkflowStep, way: Way, to: string | null): WorkflowStep {
  switch (step.type) {
    case 'end':
      return step;
    case 'condition':
      if (way === 'yes') return { ...step, yes: to };
      if (way === 'no') return { ...step, no: to };
      return step;
    case 'split': {
      const index = way.startsWith('branch-') ? Number(way.slice('branch-'.length)) : -1;
      if (!(index >= 0 && index < step.branches.length)) return step;
      return { ...step, branches: step.branches.map((branch, at) => (at === index ? { ...branch, next: to } : branch)) };
    }
    default:
      return way === 'next' ? { ...step, next: to } : step;
  }
}

/**
 * Connects (or re-connects) one way out of step `from` to step `to`: the graph view's drawn edge. A step does not lead
 * to itself (React Flow lets a box's lower dot be dropped on its own upper dot; the step list never offers it).
 */
export function connectWay(graph: WorkflowGraph, from: string, way: Way, to: string | null): WorkflowGraph {
  if (to === from) return graph;
  if (to !== null && !graph.steps.some((step) => step.id === to)) return graph;
  return { ...graph, steps: graph.steps.map((step) => (step.id === from ? setWay(step, way, to) : step)) };
}

/**
 * Inserts a step of a type on one way out of step `from` (null: at the start, where runs begin): the way now leads to
 * the new step, which leads where the way went. It is placed right after `from` in the list.
 */
export function insertStepOn(graph: WorkflowGraph, from: string | null, way: Way, type: StepType): { graph: WorkflowGraph; id: string } {
  const id = newStepId(graph.steps, type);
  const index = from === null ? -1 : graph.steps.findIndex((step) => step.id === from);
  if (from !== null && index < 0) return { graph, id };
  const source = index >= 0 ? graph.steps[index]! : null;
  const following = source ? (waysOf(source).find((candidate) => candidate.way === way)?.target ?? null) : (graph.steps[0]?.id ?? null);
  const steps = graph.steps.map((step) => (step === source ? setWay(step, way, id) : step));
  steps.splice(index + 1, 0, blankStep(id, type, following));
  return { graph: { ...graph, steps }, id };
}
