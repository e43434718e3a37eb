import { describe, expect, it } from 'vitest';
import { validateEmailForm } from './email-form';

describe('validateEmailForm', () => {
  it('accepts a named message with valid blocks', () => {
    expect(validateEmailForm({ name: 'News', subject: 'Hi', blocks: [{ type: 'text', markdown: 'x' }] })).toEqual({});
  });

  it('names the first bad block and the missing name', () => {
    expect(validateEmailForm({ name: ' ', subject: 'Hi\nBcc: x', blocks: [{ type: 'text', markdown: '' }, { type: 'button', label: 'Go', href: 'javascript:alert(1)' }] })).toEqual({
      name: 'Give it a name',
      subject: 'One line, without control characters',
      blocks: 'Block 2: Enter an address starting with https://, http:// or mailto:',
    });
  });
});
