/** A refusal of publish_automation_workflow: the problem code, the step at fault (null: the trigger or the whole graph) and the sentence. */
export interface PublishProblem {
  problem: string;
  stepId: string | null;
  message: string;
}

/**
 * Reads the database's refusal of a graph (P0001, the problem in `details`, the step's id in `hint`); null for any
 * other error (a lost connection, a refused role), which is a toast rather than a mark by a step.
 */
export function publishProblemOf(error: unknown): PublishProblem | null {
  if (!error || typeof error !== 'object') return null;
  const { code, details, hint, message } = error as { code?: unknown; details?: unknown; hint?: unknown; message?: unknown };
  if (code !== 'P0001' || typeof details !== 'string' || typeof message !== 'string') return null;
  if (['unknown_workflow', 'nothing_to_publish', 'not_published', 'graph_invalid', 'graph_too_large'].includes(details)) return null;
  return { problem: details, stepId: typeof hint === 'string' && hint !== '' ? hint : null, message };
}
