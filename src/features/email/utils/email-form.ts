import { emailBlocks, type EmailBlock } from '@/lib/email-template/email-blocks';

export interface EmailFormErrors {
  name?: string;
  subject?: string;
  blocks?: string;
  lists?: string;
}

/** The errors of a template or campaign form, by field (empty: it may be saved). A draft may still lack lists. */
export function validateEmailForm(values: { name: string; subject: string; blocks: EmailBlock[] }): EmailFormErrors {
  const errors: EmailFormErrors = {};
  if (!values.name.trim()) errors.name = 'Give it a name';
  if (/[\p{Cc}]/u.test(values.subject)) errors.subject = 'One line, without control characters';
  const blocks = emailBlocks.safeParse(values.blocks);
  if (!blocks.success) {
    const issue = blocks.error.issues[0]!;
    const position = typeof issue.path[0] === 'number' ? `Block ${issue.path[0] + 1}: ` : '';
    errors.blocks = `${position}${issue.message}`;
  }
  return errors;
}
