import { fieldConditionHolds, type FieldValues } from '../../../../src/features/automation/utils/field-condition';
import type { ConditionCheck, WorkflowGoal, WorkflowStep } from '../../../../src/features/automation/utils/workflow-graph';

/** What a condition may check of a contact (private.automation_step_context). */
export interface ContactFacts {
  tags: string[];
  lifecycle_stage: string;
  score_band: string;
  lead_score: number;
  has_email: boolean;
  last_email_opened_at?: string | null;
  last_email_clicked_at?: string | null;
  /** At a list condition only: the contact's membership of that list is confirmed (null elsewhere). */
  in_list?: boolean | null;
  /** At a field condition only: the contact's fields it may check (null elsewhere). */
  fields?: FieldValues | null;
}

/** Where an enrollment stands, as private.automation_step_context returns it. */
export interface StepContext {
  status: 'active' | 'finished' | 'failed' | 'exited';
  step_id: string | null;
  visit: number;
  step: WorkflowStep | null;
  contact: ContactFacts | null;
  run: { status: string; due_at: string | null } | null;
  /** The database's clock. */
  now: string;
  /** For a wait until a weekday and hour: its next such moment after now, computed by the database. */
  until_due?: string | null;
  /** The goal of the run's version: met, the run exits before its step. */
  goal?: WorkflowGoal | null;
  /** The workflow is paused: the run holds before its step (nothing is done, not even a goal's exit) until resumed. */
  workflow_paused?: boolean;
}

/** What private.automation_apply_step records: the branch taken, or the moment a wait ends. */
export type StepDecision = { outcome: string; next: string | null } | { wait_until: string } | { exit: 'goal' };

export type Decided = { kind: 'apply'; decision: StepDecision } | { kind: 'stop'; reason: string };

const DAY_MS = 24 * 60 * 60 * 1000;

/** Whether the contact meets the check; `now` (the database's clock, ms) for checks of a time window. */
export function conditionHolds(check: ConditionCheck, contact: ContactFacts, now: number): boolean {
  switch (check.kind) {
    case 'tag':
      return contact.tags.includes(check.tag);
    case 'band':
      return contact.score_band === check.band;
    case 'stage':
      return contact.lifecycle_stage === check.stage;
    case 'has_email':
      return contact.has_email;
    case 'list':
      return contact.in_list === true;
    case 'email_engagement': {
      const last = check.event === 'opened' ? contact.last_email_opened_at : contact.last_email_clicked_at;
      return last ? Date.parse(last) >= now - check.days * DAY_MS : false;
    }
    case 'field':
      return fieldConditionHolds(check, contact.fields ?? {});
  }
}

/** The branch a random number in [0, 1) falls in, each branch taking its share (in %) of the range, in order. */
export function pickBranch(shares: readonly number[], random: number): number {
  const total = shares.reduce((sum, share) => sum + share, 0);
  let bound = 0;
  for (const [index, share] of shares.entries()) {
    bound += share / total;
    if (random < bound) return index;
  }
  return shares.length - 1;
}

/**
 * The step job's decision for the step an enrollment is at. Pure: the database's clock and the random number are
 * given. A run of a paused workflow holds before its step, whatever it is. A wait not yet started waits `minutes`
 * from now; a wait whose due time has come goes on; one not yet due waits on (its job ran early). A contact who meets the workflow's goal exits instead, at any step. Actions go
 * to their `next`; their effect is the database's to apply.
 */
export function decideStep(context: StepContext, random: number): Decided {
  if (context.status !== 'active') return { kind: 'stop', reason: context.status };
  if (context.workflow_paused) return { kind: 'stop', reason: 'paused' };
  if (!context.contact) return { kind: 'stop', reason: 'contact_gone' };
  // The goal comes first: a contact who met it leaves, whatever step (or wait) it was at.
  const now = Date.parse(context.now);
  if (context.goal && conditionHolds(context.goal, context.contact, now)) return { kind: 'apply', decision: { exit: 'goal' } };
  const step = context.step;
  if (!step) return { kind: 'apply', decision: { outcome: 'step_missing', next: null } };
  switch (step.type) {
    case 'wait': {
      if (!context.run) {
        if ('until' in step) return context.until_due ? { kind: 'apply', decision: { wait_until: context.until_due } } : { kind: 'stop', reason: 'until_unknown' };
        return { kind: 'apply', decision: { wait_until: new Date(now + step.minutes * 60_000).toISOString() } };
      }
      const due = context.run.due_at ? Date.parse(context.run.due_at) : now;
      if (due > now) return { kind: 'apply', decision: { wait_until: context.run.due_at! } };
      return { kind: 'apply', decision: { outcome: 'waited', next: step.next } };
    }
    case 'condition': {
      const holds = conditionHolds(step.check, context.contact, now);
      return { kind: 'apply', decision: { outcome: holds ? 'yes' : 'no', next: holds ? step.yes : step.no } };
    }
    case 'split': {
      const index = pickBranch(step.branches.map((branch) => branch.share), random);
      return { kind: 'apply', decision: { outcome: `branch ${index + 1}`, next: step.branches[index]!.next } };
    }
    case 'end':
      return { kind: 'apply', decision: { outcome: 'end', next: null } };
    default:
      return { kind: 'apply', decision: { outcome: 'done', next: step.next } };
  }
}
