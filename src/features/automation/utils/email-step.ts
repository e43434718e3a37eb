import type { SendEmailStep } from '@/features/automation/utils/workflow-graph';

/**
 * Where an e-mail step's message comes from: a template of the Email Platform or the subject and text written in the
 * step. Either way it is a delivery of the Email Platform (the workspace's sender, unsubscribe link and headers) and
 * the database skips an address on the workspace's suppression list (decision 0023).
 */
export type EmailSource = 'template' | 'inline';

export function emailSourceOf(step: SendEmailStep): EmailSource {
  return step.template_id != null ? 'template' : 'inline';
}

/**
 * The step switched to a source. To a template: the one it names, else the first of the workspace's (none: '' —
 * publishing then asks for one). Inline: the template is let go; the subject and text written before are kept.
 */
export function withEmailSource(step: SendEmailStep, source: EmailSource, templateIds: readonly string[]): SendEmailStep {
  if (source === 'inline') return { ...step, template_id: null, subject: step.subject ?? '', body: step.body ?? '' };
  return { ...step, template_id: step.template_id ?? templateIds[0] ?? '' };
}

/** One line for the step list: the template's name (when known) or the subject. */
export function describeEmailStep(step: SendEmailStep, templateNames: ReadonlyMap<string, string>): string {
  if (emailSourceOf(step) === 'inline') return `Send e-mail “${step.subject ?? ''}”`;
  const name = templateNames.get(step.template_id ?? '');
  return name === undefined ? 'Send an Email Platform template' : `Send template “${name}”`;
}
