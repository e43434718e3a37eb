import { describe, expect, it } from 'vitest';
import type { WorkflowStep } from '../../../../src/features/automation/utils/workflow-graph';
import { conditionHolds, decideStep, pickBranch, type ContactFacts, type StepContext } from './decide-step';

const contact: ContactFacts = { tags: ['vip', 'newsletter'], lifecycle_stage: 'lead', score_band: 'warm', lead_score: 65, has_email: true };
const NOW = '2026-11-28T10:00:00.000Z';
const at = (step: WorkflowStep | null, overrides: Partial<StepContext> = {}): StepContext => ({
  status: 'active', step_id: step?.id ?? 'x', visit: 1, step, contact, run: null, now: NOW, ...overrides,
});

describe('conditionHolds', () => {
  it.each([
    [{ kind: 'tag', tag: 'vip' }, true],
    [{ kind: 'tag', tag: 'VIP' }, false],
    [{ kind: 'tag', tag: 'churned' }, false],
    [{ kind: 'band', band: 'warm' }, true],
    [{ kind: 'band', band: 'hot' }, false],
    [{ kind: 'stage', stage: 'lead' }, true],
    [{ kind: 'stage', stage: 'customer' }, false],
    [{ kind: 'has_email' }, true],
  ] as const)('%o → %s', (check, expected) => {
    expect(conditionHolds(check, contact, Date.parse(NOW))).toBe(expected);
  });

  it('has_email is false for a contact without an address', () => {
    expect(conditionHolds({ kind: 'has_email' }, { ...contact, has_email: false }, Date.parse(NOW))).toBe(false);
  });

  it('list: the confirmed membership the database read for this step (none read: no)', () => {
    const check = { kind: 'list', list_id: 'l1' } as const;
    expect(conditionHolds(check, { ...contact, in_list: true }, Date.parse(NOW))).toBe(true);
    expect(conditionHolds(check, { ...contact, in_list: false }, Date.parse(NOW))).toBe(false);
    expect(conditionHolds(check, { ...contact, in_list: null }, Date.parse(NOW))).toBe(false);
    expect(conditionHolds(check, contact, Date.parse(NOW))).toBe(false);
  });

  it.each([
    ['opened 7 days ago, within 7 days', 'opened', 7, { last_email_opened_at: '2026-11-21T10:00:00.000Z' }, true],
    ['opened 7 days and a second ago, within 7 days', 'opened', 7, { last_email_opened_at: '2026-11-21T09:59:59.000Z' }, false],
    ['opened yesterday, asked for a click', 'clicked', 30, { last_email_opened_at: '2026-11-27T10:00:00.000Z' }, false],
    ['clicked yesterday, within 1 day', 'clicked', 1, { last_email_clicked_at: '2026-11-27T10:00:00.000Z' }, true],
    ['never opened', 'opened', 365, { last_email_opened_at: null }, false],
  ] as const)('email_engagement: %s → %s', (_name, event, days, facts, expected) => {
    expect(conditionHolds({ kind: 'email_engagement', event, days }, { ...contact, ...facts }, Date.parse(NOW))).toBe(expected);
  });
});

describe('conditionHolds on a field', () => {
  it('decides with the fields the database read for this step (none read: as if every field were empty)', () => {
    const check = { kind: 'field', field: 'company', op: 'equals', value: 'Acme' } as const;
    expect(conditionHolds(check, { ...contact, fields: { company: 'ACME ' } }, Date.parse(NOW))).toBe(true);
    expect(conditionHolds(check, { ...contact, fields: { company: 'Initech' } }, Date.parse(NOW))).toBe(false);
    expect(conditionHolds(check, contact, Date.parse(NOW))).toBe(false);
    expect(conditionHolds({ kind: 'field', field: 'phone', op: 'is_not_set' }, contact, Date.parse(NOW))).toBe(true);
  });

  it('a condition step on a field takes its yes or no branch', () => {
    const step = { id: 'c', type: 'condition', check: { kind: 'field', field: 'lead_score', op: 'greater', value: 60 }, yes: 'y', no: 'n' } as const;
    expect(decideStep(at(step, { contact: { ...contact, fields: { lead_score: 65 } } }), 0)).toEqual({ kind: 'apply', decision: { outcome: 'yes', next: 'y' } });
    expect(decideStep(at(step, { contact: { ...contact, fields: { lead_score: 60 } } }), 0)).toEqual({ kind: 'apply', decision: { outcome: 'no', next: 'n' } });
  });
});

describe('pickBranch', () => {
  it.each([
    [[50, 50], 0, 0],
    [[50, 50], 0.4999, 0],
    [[50, 50], 0.5, 1],
    [[50, 50], 0.9999, 1],
    [[10, 30, 60], 0.05, 0],
    [[10, 30, 60], 0.1, 1],
    [[10, 30, 60], 0.39, 1],
    [[10, 30, 60], 0.4, 2],
    [[1, 99], 0.0099, 0],
    [[1, 99], 0.01, 1],
  ])('shares %o, random %d → branch %d', (shares, random, expected) => {
    expect(pickBranch(shares, random)).toBe(expected);
  });

  it('falls to the last branch when rounding leaves the random number past every bound', () => {
    expect(pickBranch([33, 33, 34], 0.999999999999)).toBe(2);
  });
});

describe('decideStep', () => {
  it('stops for an enrollment that is no longer active, or whose contact is gone', () => {
    const step: WorkflowStep = { id: 'end', type: 'end' };
    expect(decideStep(at(step, { status: 'finished' }), 0)).toEqual({ kind: 'stop', reason: 'finished' });
    expect(decideStep(at(step, { contact: null }), 0)).toEqual({ kind: 'stop', reason: 'contact_gone' });
  });

  it('holds every step of a paused workflow’s run: a due wait, an action, even a met goal', () => {
    const paused = { workflow_paused: true };
    const dueWait: WorkflowStep = { id: 'w', type: 'wait', minutes: 90, next: 'n' };
    expect(decideStep(at(dueWait, { ...paused, run: { status: 'waiting', due_at: '2026-11-28T09:00:00.000Z' } }), 0)).toEqual({ kind: 'stop', reason: 'paused' });
    expect(decideStep(at({ id: 't', type: 'add_tag', tag: 'x', next: 'n' }, paused), 0)).toEqual({ kind: 'stop', reason: 'paused' });
    expect(decideStep(at({ id: 't', type: 'add_tag', tag: 'x', next: 'n' }, { ...paused, goal: { kind: 'tag', tag: 'vip' } }), 0)).toEqual({ kind: 'stop', reason: 'paused' });
    expect(decideStep(at(dueWait, { workflow_paused: false, run: { status: 'waiting', due_at: '2026-11-28T09:00:00.000Z' } }), 0))
      .toEqual({ kind: 'apply', decision: { outcome: 'waited', next: 'n' } });
  });

  it('a wait not started waits its minutes from the database’s clock', () => {
    const wait: WorkflowStep = { id: 'w', type: 'wait', minutes: 90, next: 'n' };
    expect(decideStep(at(wait), 0)).toEqual({ kind: 'apply', decision: { wait_until: '2026-11-28T11:30:00.000Z' } });
  });

  it('a wait until a weekday and hour not started waits until the database’s until_due; without one it stops', () => {
    const wait: WorkflowStep = { id: 'w', type: 'wait', until: { weekday: 1, hour: 9 }, time_zone: 'Europe/Paris', next: 'n' };
    expect(decideStep(at(wait, { until_due: '2026-11-30T08:00:00+00:00' }), 0)).toEqual({ kind: 'apply', decision: { wait_until: '2026-11-30T08:00:00+00:00' } });
    expect(decideStep(at(wait), 0)).toEqual({ kind: 'stop', reason: 'until_unknown' });
    const due = '2026-11-30T08:00:00+00:00';
    expect(decideStep(at(wait, { run: { status: 'waiting', due_at: due }, until_due: '2026-12-07T08:00:00+00:00' }), 0)).toEqual({ kind: 'apply', decision: { wait_until: due } });
  });

  it('a wait not yet due waits on until its stored due time (its job ran early)', () => {
    const wait: WorkflowStep = { id: 'w', type: 'wait', minutes: 90, next: 'n' };
    const due = '2026-11-28T10:00:01.000Z';
    expect(decideStep(at(wait, { run: { status: 'waiting', due_at: due } }), 0)).toEqual({ kind: 'apply', decision: { wait_until: due } });
  });

  it('a wait that is due (or due exactly now) goes on to its next step', () => {
    const wait: WorkflowStep = { id: 'w', type: 'wait', minutes: 90, next: 'n' };
    for (const due of ['2026-11-28T09:00:00.000Z', NOW]) {
      expect(decideStep(at(wait, { run: { status: 'waiting', due_at: due } }), 0)).toEqual({ kind: 'apply', decision: { outcome: 'waited', next: 'n' } });
    }
  });

  it('a condition takes yes when it holds and no when it does not', () => {
    const yes: WorkflowStep = { id: 'c', type: 'condition', check: { kind: 'band', band: 'warm' }, yes: 'y', no: 'n' };
    const no: WorkflowStep = { ...yes, check: { kind: 'band', band: 'hot' } };
    expect(decideStep(at(yes), 0)).toEqual({ kind: 'apply', decision: { outcome: 'yes', next: 'y' } });
    expect(decideStep(at(no), 0)).toEqual({ kind: 'apply', decision: { outcome: 'no', next: 'n' } });
  });

  it('a split follows the branch the random number falls in, named by its place', () => {
    const split: WorkflowStep = { id: 's', type: 'split', branches: [{ share: 20, next: 'a' }, { share: 80, next: 'b' }] };
    expect(decideStep(at(split), 0.1)).toEqual({ kind: 'apply', decision: { outcome: 'branch 1', next: 'a' } });
    expect(decideStep(at(split), 0.2)).toEqual({ kind: 'apply', decision: { outcome: 'branch 2', next: 'b' } });
  });

  it('an action goes to its next step; an end step and a step missing from the graph finish the run', () => {
    expect(decideStep(at({ id: 't', type: 'add_tag', tag: 'x', next: 'n' }), 0)).toEqual({ kind: 'apply', decision: { outcome: 'done', next: 'n' } });
    expect(decideStep(at({ id: 'e', type: 'end' }), 0)).toEqual({ kind: 'apply', decision: { outcome: 'end', next: null } });
    expect(decideStep(at(null), 0)).toEqual({ kind: 'apply', decision: { outcome: 'step_missing', next: null } });
  });

  it('a contact who meets the goal (a tag, a stage) exits before any step, a wait not yet due included; one who does not goes on', () => {
    const tag: WorkflowStep = { id: 't', type: 'add_tag', tag: 'x', next: 'n' };
    const exit = { kind: 'apply', decision: { exit: 'goal' } };
    expect(decideStep(at(tag, { goal: { kind: 'tag', tag: 'vip' } }), 0)).toEqual(exit);
    expect(decideStep(at(tag, { goal: { kind: 'stage', stage: 'lead' } }), 0)).toEqual(exit);
    const pending = at({ id: 'w', type: 'wait', minutes: 60, next: 'n' }, { goal: { kind: 'tag', tag: 'newsletter' }, run: { status: 'waiting', due_at: '2026-11-28T11:00:00.000Z' } });
    expect(decideStep(pending, 0)).toEqual(exit);
    expect(decideStep(at(tag, { goal: { kind: 'stage', stage: 'customer' } }), 0)).toEqual({ kind: 'apply', decision: { outcome: 'done', next: 'n' } });
    expect(decideStep(at(tag, { goal: { kind: 'tag', tag: 'bought' } }), 0)).toEqual({ kind: 'apply', decision: { outcome: 'done', next: 'n' } });
    expect(decideStep(at(tag, { goal: null }), 0)).toEqual({ kind: 'apply', decision: { outcome: 'done', next: 'n' } });
    // An inactive run stops first: nothing to exit.
    expect(decideStep(at(tag, { status: 'finished', goal: { kind: 'tag', tag: 'vip' } }), 0)).toEqual({ kind: 'stop', reason: 'finished' });
  });
});
