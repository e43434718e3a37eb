import { describe, expect, it } from 'vitest';
import { blankStep, describeStep, insertStep, moveStep, newStepId, removeStep, targetsOf } from '@/features/automation/utils/step-list';
import type { WorkflowGraph, WorkflowStep } from '@/features/automation/utils/workflow-graph';

const graph = (steps: WorkflowStep[]): WorkflowGraph => ({ trigger: { type: 'contact_created' }, enrollment: 'once', steps });
const tag: WorkflowStep = { id: 'tag', type: 'add_tag', tag: 'a', next: 'check' };
const check: WorkflowStep = { id: 'check', type: 'condition', check: { kind: 'tag', tag: 'b' }, yes: 'mail', no: 'done' };
const mail: WorkflowStep = { id: 'mail', type: 'send_email', subject: 'Hi', body: 'Hello', next: 'done' };
const done: WorkflowStep = { id: 'done', type: 'end' };
const base = graph([tag, check, mail, done]);

describe('targetsOf', () => {
  it('names next, yes and no, each branch, and nothing for an end', () => {
    expect(targetsOf(tag)).toEqual(['check']);
    expect(targetsOf(check)).toEqual(['mail', 'done']);
    expect(targetsOf({ id: 's', type: 'split', branches: [{ share: 50, next: 'a' }, { share: 50, next: null }] })).toEqual(['a', null]);
    expect(targetsOf(done)).toEqual([]);
  });
});

describe('newStepId', () => {
  it('takes the first free number of the type', () => {
    expect(newStepId([tag], 'wait')).toBe('wait-1');
    expect(newStepId([{ id: 'wait-1', type: 'wait', minutes: 1, next: null }, { id: 'wait-3', type: 'wait', minutes: 1, next: null }], 'wait')).toBe('wait-2');
    expect(newStepId([], 'send_email')).toBe('send-email-1');
  });
});

describe('insertStep', () => {
  it('after an action: the action leads to the new step, which leads where the action went', () => {
    const { graph: next, id } = insertStep(base, 0, 'wait');
    expect(id).toBe('wait-1');
    expect(next.steps.map((step) => step.id)).toEqual(['tag', 'wait-1', 'check', 'mail', 'done']);
    expect(next.steps[0]).toMatchObject({ next: 'wait-1' });
    expect(next.steps[1]).toMatchObject({ type: 'wait', next: 'check' });
  });

  it('after a condition: its yes branch goes through the new step, its no branch is untouched', () => {
    const { graph: next } = insertStep(base, 1, 'add_tag');
    expect(next.steps[1]).toMatchObject({ yes: 'add-tag-1', no: 'done' });
    expect(next.steps[2]).toMatchObject({ id: 'add-tag-1', next: 'mail' });
  });

  it('at the start (-1): the new step is where runs start and leads to the old first step', () => {
    const { graph: next } = insertStep(base, -1, 'adjust_score');
    expect(next.steps[0]).toMatchObject({ id: 'adjust-score-1', next: 'tag' });
    expect(next.steps.slice(1)).toEqual(base.steps);
  });

  it('into an empty workflow: one step leading nowhere yet', () => {
    const { graph: next } = insertStep(graph([]), -1, 'end');
    expect(next.steps).toEqual([{ id: 'end-1', type: 'end' }]);
  });
});

describe('removeStep', () => {
  it('an action: what led to it now leads where it went', () => {
    const next = removeStep(base, 'mail');
    expect(next.steps.map((step) => step.id)).toEqual(['tag', 'check', 'done']);
    expect(next.steps[1]).toMatchObject({ yes: 'done', no: 'done' });
  });

  it('a condition with different branches: what led to it is left empty, for the author to choose', () => {
    const next = removeStep(base, 'check');
    expect(next.steps[0]).toMatchObject({ id: 'tag', next: null });
  });

  it('a condition whose branches go to one step (as one just added): what led to it leads there', () => {
    const same = graph([tag, { ...check, yes: 'mail', no: 'mail' } as WorkflowStep, mail, done]);
    expect(removeStep(same, 'check').steps[0]).toMatchObject({ id: 'tag', next: 'mail' });
  });

  it('an end: the branches that ended there are left empty', () => {
    const next = removeStep(base, 'done');
    expect(next.steps.find((step) => step.id === 'check')).toMatchObject({ no: null });
    expect(next.steps.find((step) => step.id === 'mail')).toMatchObject({ next: null });
  });

  it('an unknown id changes nothing', () => {
    expect(removeStep(base, 'nope')).toBe(base);
  });
});

describe('moveStep', () => {
  it('swaps with the neighbour, and does nothing past either end', () => {
    expect(moveStep(base, 'check', -1).steps.map((step) => step.id)).toEqual(['check', 'tag', 'mail', 'done']);
    expect(moveStep(base, 'check', 1).steps.map((step) => step.id)).toEqual(['tag', 'mail', 'check', 'done']);
    expect(moveStep(base, 'tag', -1)).toBe(base);
    expect(moveStep(base, 'done', 1)).toBe(base);
  });
});

describe('describeStep', () => {
  it.each([
    [{ id: 'w', type: 'wait', minutes: 2880, next: null }, 'Wait 2 days'],
    [{ id: 'w', type: 'wait', minutes: 1440, next: null }, 'Wait 1 day'],
    [{ id: 'w', type: 'wait', minutes: 120, next: null }, 'Wait 2 hours'],
    [{ id: 'w', type: 'wait', until: { weekday: 1, hour: 9 }, time_zone: 'Europe/Paris', next: null }, 'Wait until Monday at 09:00 (Europe/Paris)'],
    [{ id: 'w', type: 'wait', until: { weekday: null, hour: 17 }, time_zone: 'UTC', next: null }, 'Wait until any day at 17:00 (UTC)'],
    [{ id: 'w', type: 'wait', minutes: 90, next: null }, 'Wait 90 minutes'],
    [check, 'If tagged “b”'],
    [{ id: 'c', type: 'condition', check: { kind: 'band', band: 'hot' }, yes: null, no: null }, 'If the score band is hot'],
    [{ id: 'c', type: 'condition', check: { kind: 'list', list_id: 'l1' }, yes: null, no: null }, 'If subscribed to the chosen list'],
    [{ id: 'c', type: 'condition', check: { kind: 'email_engagement', event: 'clicked', days: 30 }, yes: null, no: null }, 'If an e-mail was clicked in the last 30 days'],
    [{ id: 'c', type: 'condition', check: { kind: 'email_engagement', event: 'opened', days: 1 }, yes: null, no: null }, 'If an e-mail was opened in the last day'],
    [{ id: 's', type: 'split', branches: [{ share: 20, next: null }, { share: 80, next: null }] }, 'Random split 20 % / 80 %'],
    [{ id: 'p', type: 'adjust_score', points: -5, next: null }, 'Subtract 5 score points'],
    [{ id: 'n', type: 'notify', member: 'owner', message: '', next: null }, 'Notify the contact’s owner'],
    [{ id: 'st', type: 'set_stage', stage: 'marketing_qualified', next: null }, 'Change stage to Marketing qualified'],
    [mail, 'Send e-mail “Hi”'],
    [done, 'End'],
  ] as [WorkflowStep, string][])('%o → %s', (step, text) => {
    expect(describeStep(step)).toBe(text);
  });

  it('names an e-mail step’s template when its name is known', () => {
    const templated: WorkflowStep = { id: 'mail', type: 'send_email', template_id: 't1', next: 'done' };
    expect(describeStep(templated, new Map([['t1', 'Welcome']]))).toBe('Send template “Welcome”');
    expect(describeStep(templated)).toBe('Send an Email Platform template');
  });
});

describe('the newer kinds of step', () => {
  it('start blank (no member, no address) so publishing names what is missing, and say what they do', () => {
    expect(blankStep('o', 'set_owner', 'done')).toEqual({ id: 'o', type: 'set_owner', member: '', next: 'done' });
    expect(blankStep('h', 'webhook', null)).toEqual({ id: 'h', type: 'webhook', endpoint_id: '', next: null });
    expect(describeStep({ id: 'o', type: 'set_owner', member: 'u1', next: null })).toBe('Change the contact’s owner');
    expect(describeStep({ id: 'n', type: 'notify', member: 'owner', message: '', email: true, next: null })).toBe('Notify the contact’s owner (in the app and by e-mail)');
    expect(describeStep({ id: 'n', type: 'notify', member: 'u1', message: '', next: null })).toBe('Notify a team member');
    expect(describeStep({ id: 'h', type: 'webhook', endpoint_id: 'e1', next: null })).toBe('Call a webhook');
  });
});
