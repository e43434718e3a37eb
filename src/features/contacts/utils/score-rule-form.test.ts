import { describe, expect, it } from 'vitest';
import { contactsCopy } from '@/config/contacts-copy';
import { readPoints, readRuleForm, ruleText } from './score-rule-form';

const copy = contactsCopy.rules;

describe('ruleText', () => {
  it.each([
    [{ kind: 'lifecycle_stage' as const, value: 'sales_qualified' }, 'Lifecycle stage is Sales qualified'],
    [{ kind: 'source' as const, value: 'form' }, 'Source is Contact form'],
    [{ kind: 'job_title' as const, value: 'director' }, 'Job title contains director'],
    [{ kind: 'recent_activity' as const, value: '14' }, 'Active within (days) 14'],
  ])('%j → %s', (rule, expected) => {
    expect(ruleText(rule)).toBe(expected);
  });
});

describe('readPoints', () => {
  it.each([['0', 0], ['-100', -100], ['100', 100], [' 15 ', 15], ['101', null], ['-101', null], ['1.5', null], ['', null], ['1e2', null]])('%j → %j', (text, expected) => {
    expect(readPoints(text)).toBe(expected);
  });
});

describe('readRuleForm', () => {
  it('reads a valid rule', () => {
    expect(readRuleForm('tag', ' vip ', '10')).toEqual({ ok: true, rule: { kind: 'tag', value: 'vip', points: 10 } });
  });

  it.each([
    ['tag', '', '10', { value: copy.valueRequired }],
    ['recent_activity', '0', '10', { value: copy.daysInvalid }],
    ['recent_activity', 'week', '10', { value: copy.daysInvalid }],
    ['job_title', 'director', 'lots', { points: copy.pointsInvalid }],
  ] as const)('%s %j %j → errors', (kind, value, points, errors) => {
    expect(readRuleForm(kind, value, points)).toEqual({ ok: false, errors });
  });
});

describe('readRuleForm for e-mail engagement rules', () => {
  it.each(['email_opened', 'email_clicked'] as const)('%s takes a number of days', (kind) => {
    expect(readRuleForm(kind, '30', '15')).toEqual({ ok: true, rule: { kind, value: '30', points: 15 } });
    expect(readRuleForm(kind, 'soon', '15').ok).toBe(false);
  });
});
