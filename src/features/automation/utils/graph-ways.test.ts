import { describe, expect, it } from 'vitest';
import { connectWay, insertStepOn, setWay, waysOf } from '@/features/automation/utils/graph-ways';
import type { WorkflowGraph, WorkflowStep } from '@/features/automation/utils/workflow-graph';

const graphOf = (steps: WorkflowStep[]): WorkflowGraph => ({ trigger: { type: 'contact_created' }, enrollment: 'once', steps });
const condition: WorkflowStep = { id: 'if', type: 'condition', check: { kind: 'has_email' }, yes: 'a', no: 'b' };
const split: WorkflowStep = { id: 'ab', type: 'split', branches: [{ share: 50, next: 'a' }, { share: 50, next: null }] };
const ends: WorkflowStep[] = [{ id: 'a', type: 'end' }, { id: 'b', type: 'end' }];

describe('waysOf and setWay', () => {
  it('a plain step has next; a condition yes and no; a split one per branch; an end none', () => {
    expect(waysOf({ id: 't', type: 'add_tag', tag: 'x', next: 'a' })).toEqual([{ way: 'next', target: 'a', label: null }]);
    expect(waysOf(condition).map((way) => way.way)).toEqual(['yes', 'no']);
    expect(waysOf(split).map((way) => [way.way, way.target])).toEqual([['branch-0', 'a'], ['branch-1', null]]);
    expect(waysOf(ends[0]!)).toEqual([]);
  });

  it('sets only the way named; a way the step has not leaves it unchanged', () => {
    expect(setWay(condition, 'no', 'a')).toMatchObject({ yes: 'a', no: 'a' });
    expect(setWay(split, 'branch-1', 'b')).toMatchObject({ branches: [{ next: 'a' }, { next: 'b' }] });
    expect(setWay(split, 'branch-7', 'b')).toBe(split);
    expect(setWay(condition, 'next', 'b')).toBe(condition);
    expect(setWay(ends[0]!, 'next', 'b')).toBe(ends[0]);
  });
});

describe('connectWay', () => {
  it('re-connects a condition’s no to another step, and refuses a step that does not exist', () => {
    const graph = graphOf([condition, ...ends]);
    expect(connectWay(graph, 'if', 'no', 'a').steps[0]).toMatchObject({ yes: 'a', no: 'a' });
    expect(connectWay(graph, 'if', 'no', 'nowhere')).toBe(graph);
  });

  it('refuses a way out leading back to its own step (the step list does not offer it either)', () => {
    const graph = graphOf([condition, ...ends]);
    expect(connectWay(graph, 'if', 'no', 'if')).toBe(graph);
  });

  it('connects a dangling split branch', () => {
    expect(connectWay(graphOf([split, ...ends]), 'ab', 'branch-1', 'b').steps[0]).toMatchObject({ branches: [{ next: 'a' }, { next: 'b' }] });
  });
});

describe('insertStepOn', () => {
  it('on a condition’s no branch: the new step goes where no went, and is listed right after the condition', () => {
    const { graph, id } = insertStepOn(graphOf([condition, ...ends]), 'if', 'no', 'add_tag');
    expect(id).toBe('add-tag-1');
    expect(graph.steps.map((step) => step.id)).toEqual(['if', 'add-tag-1', 'a', 'b']);
    expect(graph.steps[0]).toMatchObject({ yes: 'a', no: 'add-tag-1' });
    expect(graph.steps[1]).toMatchObject({ type: 'add_tag', next: 'b' });
  });

  it('on a dangling split branch: the new step leads nowhere yet', () => {
    const { graph, id } = insertStepOn(graphOf([split, ...ends]), 'ab', 'branch-1', 'wait');
    expect(graph.steps[0]).toMatchObject({ branches: [{ next: 'a' }, { next: id }] });
    expect(graph.steps[1]).toMatchObject({ id, type: 'wait', next: null });
  });

  it('after the trigger (null): the new first step, where runs start, leads to the old first step', () => {
    const { graph, id } = insertStepOn(graphOf(ends), null, 'next', 'send_email');
    expect(graph.steps.map((step) => step.id)).toEqual([id, 'a', 'b']);
    expect(graph.steps[0]).toMatchObject({ type: 'send_email', next: 'a' });
  });

  it('after a linear step; from a step that does not exist nothing changes', () => {
    const start = graphOf([{ id: 't', type: 'add_tag', tag: 'x', next: 'a' }, ...ends]);
    const { graph, id } = insertStepOn(start, 't', 'next', 'end');
    expect(graph.steps.map((step) => [step.id, 'next' in step ? step.next : '-'])).toEqual([['t', id], [id, '-'], ['a', '-'], ['b', '-']]);
    expect(insertStepOn(start, 'nowhere', 'next', 'end').graph).toBe(start);
  });
});
