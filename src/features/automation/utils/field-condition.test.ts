import { describe, expect, it } from 'vitest';
import {
  blankFieldCheck,
  describeFieldCheck,
  fieldConditionHolds,
  operatorsFor,
  withField,
  withOperator,
  type FieldCheck,
  type FieldValues,
} from '@/features/automation/utils/field-condition';

const contact: FieldValues = {
  owner_id: 'u-sam', company: 'Acme Corp', job_title: 'CTO', first_name: 'Ada', last_name: null, source: 'form',
  lead_score: 65, email: 'ada@acme.test', phone: null,
};
const check = (field: FieldCheck['field'], op: FieldCheck['op'], value?: string | number): FieldCheck => ({ kind: 'field', field, op, value });

describe('fieldConditionHolds', () => {
  it.each([
    ['company equals, same text', check('company', 'equals', 'Acme Corp'), true],
    ['company equals, other case and outer spaces', check('company', 'equals', ' acme corp '), true],
    ['company equals, another text', check('company', 'equals', 'Acme'), false],
    ['company not_equals, another text', check('company', 'not_equals', 'Initech'), true],
    ['company not_equals, same text in another case', check('company', 'not_equals', 'ACME CORP'), false],
    ['company contains, a part in another case', check('company', 'contains', 'corp'), true],
    ['company contains, a text not in it', check('company', 'contains', 'Inc'), false],
    ['job_title is_set', check('job_title', 'is_set'), true],
    ['job_title is_not_set', check('job_title', 'is_not_set'), false],
    ['last_name (empty) is_set', check('last_name', 'is_set'), false],
    ['last_name (empty) is_not_set', check('last_name', 'is_not_set'), true],
    ['last_name (empty) equals a text', check('last_name', 'equals', 'Lane'), false],
    ['last_name (empty) not_equals a text', check('last_name', 'not_equals', 'Lane'), true],
    ['last_name (empty) contains a text', check('last_name', 'contains', 'a'), false],
    ['owner_id equals the owner', check('owner_id', 'equals', 'u-sam'), true],
    ['owner_id equals another member', check('owner_id', 'equals', 'u-kim'), false],
    ['owner_id not_equals another member', check('owner_id', 'not_equals', 'u-kim'), true],
    ['owner_id is_set', check('owner_id', 'is_set'), true],
    ['source equals form', check('source', 'equals', 'form'), true],
    ['source not_equals import', check('source', 'not_equals', 'import'), true],
    ['lead_score 65 greater 60', check('lead_score', 'greater', 60), true],
    ['lead_score 65 greater 65', check('lead_score', 'greater', 65), false],
    ['lead_score 65 less 66', check('lead_score', 'less', 66), true],
    ['lead_score 65 less 65', check('lead_score', 'less', 65), false],
    ['lead_score 65 equals 65', check('lead_score', 'equals', 65), true],
    ['lead_score 65 not_equals 65', check('lead_score', 'not_equals', 65), false],
    ['lead_score compared with a text', check('lead_score', 'greater', '10'), false],
    ['email is_set', check('email', 'is_set'), true],
    ['phone is_set', check('phone', 'is_set'), false],
    ['phone is_not_set', check('phone', 'is_not_set'), true],
    ['an operator that compares, without a value', check('company', 'equals'), false],
    ['a text operator on the score', check('lead_score', 'contains', 6), false],
  ] as const)('%s → %s', (_name, given, expected) => {
    expect(fieldConditionHolds(given, contact)).toBe(expected);
  });

  it('a blank text is not set; a score of 0 is', () => {
    expect(fieldConditionHolds(check('company', 'is_set'), { company: '   ' })).toBe(false);
    expect(fieldConditionHolds(check('lead_score', 'greater', 0), { lead_score: 0 })).toBe(false);
    expect(fieldConditionHolds(check('lead_score', 'equals', 0), { lead_score: 0 })).toBe(true);
  });
});

describe('operatorsFor', () => {
  it.each([
    ['company', ['equals', 'not_equals', 'contains', 'is_set', 'is_not_set']],
    ['owner_id', ['equals', 'not_equals', 'is_set', 'is_not_set']],
    ['source', ['equals', 'not_equals']],
    ['lead_score', ['greater', 'less', 'equals', 'not_equals']],
    ['phone', ['is_set', 'is_not_set']],
  ] as const)('%s: %o', (field, expected) => {
    expect(operatorsFor(field)).toEqual(expected);
  });
});

describe('editing a field check', () => {
  it.each([
    ['company', { kind: 'field', field: 'company', op: 'equals', value: '' }],
    ['owner_id', { kind: 'field', field: 'owner_id', op: 'equals', value: '' }],
    ['source', { kind: 'field', field: 'source', op: 'equals', value: 'form' }],
    ['lead_score', { kind: 'field', field: 'lead_score', op: 'greater', value: 50 }],
    ['email', { kind: 'field', field: 'email', op: 'is_set' }],
  ] as const)('a new check of %s starts at its first operator', (field, expected) => {
    expect(blankFieldCheck(field)).toEqual(expected);
  });

  it('another field keeps an operator that fits it and clears the value', () => {
    expect(withField(check('company', 'contains', 'Corp'), 'job_title')).toEqual({ kind: 'field', field: 'job_title', op: 'contains', value: '' });
    expect(withField(check('company', 'is_set'), 'phone')).toEqual({ kind: 'field', field: 'phone', op: 'is_set' });
  });

  it('another field takes its first operator when the one chosen does not fit it', () => {
    expect(withField(check('company', 'contains', 'Corp'), 'lead_score')).toEqual({ kind: 'field', field: 'lead_score', op: 'greater', value: 50 });
    expect(withField(check('lead_score', 'greater', 70), 'email')).toEqual({ kind: 'field', field: 'email', op: 'is_set' });
  });

  it('another operator keeps the value while it compares with one, and drops it when it does not', () => {
    expect(withOperator(check('company', 'equals', 'Acme'), 'contains')).toEqual({ kind: 'field', field: 'company', op: 'contains', value: 'Acme' });
    expect(withOperator(check('company', 'equals', 'Acme'), 'is_not_set')).toEqual({ kind: 'field', field: 'company', op: 'is_not_set' });
    expect(withOperator(check('company', 'is_set'), 'equals')).toEqual({ kind: 'field', field: 'company', op: 'equals', value: '' });
  });
});

describe('describeFieldCheck', () => {
  it.each([
    [check('job_title', 'contains', 'CTO'), 'If the job title contains “CTO”'],
    [check('company', 'not_equals', 'Acme'), 'If the company is not “Acme”'],
    [check('lead_score', 'greater', 70), 'If the lead score is above 70'],
    [check('lead_score', 'less', 20), 'If the lead score is below 20'],
    [check('phone', 'is_not_set'), 'If the phone number is not set'],
    [check('owner_id', 'equals', 'u-sam'), 'If the owner is Sam Sales'],
    [check('owner_id', 'not_equals', 'u-gone'), 'If the owner is not the chosen member'],
  ] as const)('%o → %s', (given, expected) => {
    expect(describeFieldCheck(given, new Map([['u-sam', 'Sam Sales']]))).toBe(expected);
  });
});
