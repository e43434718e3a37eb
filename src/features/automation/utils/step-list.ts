import { describeEmailStep } from '@/features/automation/utils/email-step';
import { describeFieldCheck } from '@/features/automation/utils/field-condition';
import type { StepType, WorkflowGraph, WorkflowStep } from '@/features/automation/utils/workflow-graph';

/** Where a step may lead: its next, yes/no, or each branch. */
export function targetsOf(step: WorkflowStep): (string | null)[] {
  switch (step.type) {
    case 'end':
      return [];
    case 'condition':
      return [step.yes, step.no];
    case 'split':
      return step.branches.map((branch) => branch.next);
    default:
      return [step.next];
  }
}

/** A fresh id for a step of a type: `<type>-<n>`, the first n not taken. */
export function newStepId(steps: readonly WorkflowStep[], type: StepType): string {
  const taken = new Set(steps.map((step) => step.id));
  const base = type.replace(/_/g, '-');
  let n = 1;
  while (taken.has(`${base}-${n}`)) n += 1;
  return `${base}-${n}`;
}

/** A step of a type with its defaults, leading to `next`. */
export function blankStep(id: string, type: StepType, next: string | null): WorkflowStep {
  switch (type) {
    case 'wait':
      return { id, type, minutes: 1440, next };
    case 'condition':
      return { id, type, check: { kind: 'tag', tag: '' }, yes: next, no: next };
    case 'split':
      return { id, type, branches: [{ share: 50, next }, { share: 50, next }] };
    case 'add_tag':
    case 'remove_tag':
      return { id, type, tag: '', next };
    case 'set_stage':
      return { id, type, stage: 'lead', next };
    case 'adjust_score':
      return { id, type, points: 10, next };
    case 'notify':
      return { id, type, member: 'owner', message: '', next };
    case 'set_owner':
      return { id, type, member: '', next };
    case 'webhook':
      return { id, type, endpoint_id: '', next };
    case 'send_email':
      return { id, type, subject: '', body: '', next };
    case 'end':
      return { id, type };
  }
}

function retarget(step: WorkflowStep, from: string, to: string | null): WorkflowStep {
  switch (step.type) {
    case 'end':
      return step;
    case 'condition':
      return { ...step, yes: step.yes === from ? to : step.yes, no: step.no === from ? to : step.no };
    case 'split':
      return { ...step, branches: step.branches.map((branch) => (branch.next === from ? { ...branch, next: to } : branch)) };
    default:
      return step.next === from ? { ...step, next: to } : step;
  }
}

/** The step with its first way out (next, yes, the first branch) leading to `to`. */
function leadFirstWayTo(step: WorkflowStep, to: string): WorkflowStep {
  switch (step.type) {
    case 'end':
      return step;
    case 'condition':
      return { ...step, yes: to };
    case 'split':
      return { ...step, branches: step.branches.map((branch, at) => (at === 0 ? { ...branch, next: to } : branch)) };
    default:
      return { ...step, next: to };
  }
}

/**
 * Inserts a step of a type after the step at `index` (-1: as the first step, where runs start): it goes where that
 * step's first way out went, and that way now leads to it. The list then reads in the order a run goes.
 */
export function insertStep(graph: WorkflowGraph, index: number, type: StepType): { graph: WorkflowGraph; id: string } {
  const id = newStepId(graph.steps, type);
  const before = index >= 0 ? graph.steps[index] : undefined;
  const following = before ? (targetsOf(before)[0] ?? null) : (graph.steps[0]?.id ?? null);
  const steps = graph.steps.map((step, at) => (at === index ? leadFirstWayTo(step, id) : step));
  steps.splice(index + 1, 0, blankStep(id, type, following));
  return { graph: { ...graph, steps }, id };
}

/**
 * Removes a step: whatever led to it now leads where it went, so the run skips it. A branching step whose ways out
 * lead to different steps, or an end, leaves those ways empty (null) for the author to choose, and publishing names
 * them until then.
 */
export function removeStep(graph: WorkflowGraph, id: string): WorkflowGraph {
  const removed = graph.steps.find((step) => step.id === id);
  if (!removed) return graph;
  const targets = new Set(targetsOf(removed));
  const onward = targets.size === 1 ? [...targets][0]! : null;
  return { ...graph, steps: graph.steps.filter((step) => step.id !== id).map((step) => retarget(step, id, onward)) };
}

/** Moves a step one place up or down in the list (where runs go is unchanged; the first step is where they start). */
export function moveStep(graph: WorkflowGraph, id: string, by: -1 | 1): WorkflowGraph {
  const from = graph.steps.findIndex((step) => step.id === id);
  const to = from + by;
  if (from < 0 || to < 0 || to >= graph.steps.length) return graph;
  const steps = [...graph.steps];
  [steps[from], steps[to]] = [steps[to]!, steps[from]!];
  return { ...graph, steps };
}

export function replaceStep(graph: WorkflowGraph, step: WorkflowStep): WorkflowGraph {
  return { ...graph, steps: graph.steps.map((existing) => (existing.id === step.id ? step : existing)) };
}

const STAGES: Record<string, string> = {
  subscriber: 'Subscriber', lead: 'Lead', marketing_qualified: 'Marketing qualified', sales_qualified: 'Sales qualified', customer: 'Customer', churned: 'Churned',
};

const WEEKDAYS = ['Sunday', 'Monday', 'Tuesday', 'Wednesday', 'Thursday', 'Friday', 'Saturday'];

function minutesText(minutes: number): string {
  if (minutes % 1440 === 0) return `${minutes / 1440} day${minutes === 1440 ? '' : 's'}`;
  if (minutes % 60 === 0) return `${minutes / 60} hour${minutes === 60 ? '' : 's'}`;
  return `${minutes} minute${minutes === 1 ? '' : 's'}`;
}

/** One line saying what a step does, for the step list and the counts (templateNames: the Email Platform's, by id). */
export function describeStep(step: WorkflowStep, templateNames: ReadonlyMap<string, string> = new Map()): string {
  switch (step.type) {
    case 'wait':
      if ('until' in step) return `Wait until ${step.until.weekday === null ? 'any day' : WEEKDAYS[step.until.weekday]} at ${String(step.until.hour).padStart(2, '0')}:00 (${step.time_zone})`;
      return `Wait ${minutesText(step.minutes)}`;
    case 'condition':
      switch (step.check.kind) {
        case 'tag':
          return `If tagged “${step.check.tag}”`;
        case 'band':
          return `If the score band is ${step.check.band}`;
        case 'stage':
          return `If the stage is ${STAGES[step.check.stage] ?? step.check.stage}`;
        case 'has_email':
          return 'If the contact has an e-mail address';
        case 'list':
          return 'If subscribed to the chosen list';
        case 'email_engagement':
          return `If an e-mail was ${step.check.event} in the last ${step.check.days === 1 ? 'day' : `${step.check.days} days`}`;
        case 'field':
          return describeFieldCheck(step.check);
      }
      return 'Condition';
    case 'split':
      return `Random split ${step.branches.map((branch) => `${branch.share} %`).join(' / ')}`;
    case 'add_tag':
      return `Add tag “${step.tag}”`;
    case 'remove_tag':
      return `Remove tag “${step.tag}”`;
    case 'set_stage':
      return `Change stage to ${STAGES[step.stage] ?? step.stage}`;
    case 'adjust_score':
      return `${step.points > 0 ? 'Add' : 'Subtract'} ${Math.abs(step.points)} score points`;
    case 'notify':
      return `${step.member === 'owner' ? 'Notify the contact’s owner' : 'Notify a team member'}${step.email ? ' (in the app and by e-mail)' : ''}`;
    case 'set_owner':
      return 'Change the contact’s owner';
    case 'webhook':
      return 'Call a webhook';
    case 'send_email':
      return describeEmailStep(step, templateNames);
    case 'end':
      return 'End';
  }
}
