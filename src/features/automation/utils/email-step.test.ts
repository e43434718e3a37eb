import { describe, expect, it } from 'vitest';
import { describeEmailStep, emailSourceOf, withEmailSource } from '@/features/automation/utils/email-step';
import type { SendEmailStep } from '@/features/automation/utils/workflow-graph';

const inline: SendEmailStep = { id: 'mail', type: 'send_email', subject: 'Hi', body: 'Hello', next: 'done' };
const templated: SendEmailStep = { id: 'mail', type: 'send_email', template_id: 't2', next: 'done' };
const names = new Map([['t1', 'Welcome'], ['t2', 'Follow-up']]);

describe('emailSourceOf', () => {
  it.each([
    [inline, 'inline'],
    [{ ...inline, template_id: null }, 'inline'],
    [templated, 'template'],
    [{ ...inline, template_id: '' }, 'template'],
  ] as [SendEmailStep, string][])('%o → %s', (step, source) => {
    expect(emailSourceOf(step)).toBe(source);
  });
});

describe('withEmailSource', () => {
  it('picks the workspace’s first template, keeping the text written so far', () => {
    expect(withEmailSource(inline, 'template', ['t1', 't2'])).toEqual({ ...inline, template_id: 't1' });
  });
  it('keeps a template already chosen', () => {
    expect(withEmailSource(templated, 'template', ['t1', 't2'])).toEqual(templated);
  });
  it('leaves the choice empty when the workspace has no template (publishing then asks for one)', () => {
    expect(withEmailSource(inline, 'template', [])).toEqual({ ...inline, template_id: '' });
  });
  it('back to inline: lets the template go and brings back the subject and text', () => {
    expect(withEmailSource({ ...inline, template_id: 't1' }, 'inline', ['t1'])).toEqual({ ...inline, template_id: null });
    expect(withEmailSource(templated, 'inline', ['t1'])).toEqual({ ...templated, template_id: null, subject: '', body: '' });
  });
});

describe('describeEmailStep', () => {
  it.each([
    [inline, 'Send e-mail “Hi”'],
    [templated, 'Send template “Follow-up”'],
    [{ ...templated, template_id: 'gone' }, 'Send an Email Platform template'],
    [{ ...templated, template_id: '' }, 'Send an Email Platform template'],
  ] as [SendEmailStep, string][])('%o → %s', (step, text) => {
    expect(describeEmailStep(step, names)).toBe(text);
  });
});
