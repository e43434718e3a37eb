import type { WorkflowGoal } from '@/features/automation/utils/workflow-graph';

export type GoalKind = 'none' | WorkflowGoal['kind'];

/** The goal's kind as the editor's choice names it ('none': the workflow has no goal). */
export function goalKindOf(goal: WorkflowGoal | null | undefined): GoalKind {
  return goal ? goal.kind : 'none';
}

/** A goal of a kind with its default (became a customer; a tag still to name), or null for none. */
export function goalOfKind(kind: GoalKind): WorkflowGoal | null {
  switch (kind) {
    case 'none':
      return null;
    case 'stage':
      return { kind: 'stage', stage: 'customer' };
    case 'tag':
      return { kind: 'tag', tag: '' };
  }
}
