/**
 * A condition step on one of the contact's fields (issue 29 §3): which fields, the operators that fit each kind of
 * value, how a check is decided and edited. Pure and shared: the step job decides with fieldConditionHolds
 * (server/src/modules/automation/decide-step.ts), the editor edits with the rest; the database refuses to publish
 * anything else (private.automation_field_condition_problem keeps the same lists).
 */

/** Each field's kind of value: it says which operators fit. */
export const CONDITION_FIELD_KINDS = {
  owner_id: 'member',
  company: 'text',
  job_title: 'text',
  first_name: 'text',
  last_name: 'text',
  source: 'choice',
  lead_score: 'number',
  email: 'presence',
  phone: 'presence',
} as const;
export type ConditionField = keyof typeof CONDITION_FIELD_KINDS;
export type FieldKind = (typeof CONDITION_FIELD_KINDS)[ConditionField];
export const CONDITION_FIELDS = Object.keys(CONDITION_FIELD_KINDS) as ConditionField[];

export type FieldOperator = 'equals' | 'not_equals' | 'contains' | 'is_set' | 'is_not_set' | 'greater' | 'less';

/** The operators that fit each kind, the first being the one a new check starts with. */
export const FIELD_OPERATORS: Record<FieldKind, readonly FieldOperator[]> = {
  text: ['equals', 'not_equals', 'contains', 'is_set', 'is_not_set'],
  member: ['equals', 'not_equals', 'is_set', 'is_not_set'],
  choice: ['equals', 'not_equals'],
  number: ['greater', 'less', 'equals', 'not_equals'],
  presence: ['is_set', 'is_not_set'],
};

/** A check of a field: is_set / is_not_set compare with nothing; the others with a text (a member's id, a source) or a number. */
export interface FieldCheck {
  kind: 'field';
  field: ConditionField;
  op: FieldOperator;
  value?: string | number | null;
}

/** The contact's field values as the step job reads them (private.automation_step_context's `fields`). */
export type FieldValues = Partial<Record<ConditionField, string | number | null>>;

export const operatorsFor = (field: ConditionField): readonly FieldOperator[] => FIELD_OPERATORS[CONDITION_FIELD_KINDS[field]];

export const comparesWithValue = (op: FieldOperator): boolean => op !== 'is_set' && op !== 'is_not_set';

const folded = (value: string) => value.trim().toLowerCase();

function isSet(value: string | number | null | undefined): boolean {
  if (value === null || value === undefined) return false;
  return typeof value === 'number' || value.trim() !== '';
}

/**
 * Whether the contact's field meets the check. Texts compare ignoring case and outer spaces; a field with no value
 * equals nothing, contains nothing and is "not equal" to any value; numbers compare as numbers.
 */
export function fieldConditionHolds(check: FieldCheck, fields: FieldValues): boolean {
  const actual = fields[check.field];
  if (check.op === 'is_set') return isSet(actual);
  if (check.op === 'is_not_set') return !isSet(actual);
  const expected = check.value;
  if (expected === null || expected === undefined) return false;
  if (CONDITION_FIELD_KINDS[check.field] === 'number') {
    if (typeof actual !== 'number' || typeof expected !== 'number') return false;
    switch (check.op) {
      case 'greater':
        return actual > expected;
      case 'less':
        return actual < expected;
      case 'equals':
        return actual === expected;
      case 'not_equals':
        return actual !== expected;
      default:
        return false;
    }
  }
  const has = isSet(actual) ? folded(String(actual)) : null;
  const wanted = folded(String(expected));
  switch (check.op) {
    case 'equals':
      return has === wanted;
    case 'not_equals':
      return has !== wanted;
    case 'contains':
      return has !== null && has.includes(wanted);
    default:
      return false;
  }
}

/** A new check of the field: its first operator, and an empty value (a score of 50) when that operator needs one. */
export function blankFieldCheck(field: ConditionField): FieldCheck {
  return withOperator({ kind: 'field', field, op: 'is_set' }, operatorsFor(field)[0]!);
}

/** The check on another field: its operator kept when it fits the new field, the value cleared (it meant the old field). */
export function withField(check: FieldCheck, field: ConditionField): FieldCheck {
  const op = operatorsFor(field).includes(check.op) ? check.op : operatorsFor(field)[0]!;
  return withOperator({ kind: 'field', field, op }, op);
}

/** The check with another operator: a value kept while the operator compares with one, dropped when it does not. */
export function withOperator(check: FieldCheck, op: FieldOperator): FieldCheck {
  if (!comparesWithValue(op)) return { kind: 'field', field: check.field, op };
  const blank = CONDITION_FIELD_KINDS[check.field] === 'number' ? 50 : CONDITION_FIELD_KINDS[check.field] === 'choice' ? 'form' : '';
  return { kind: 'field', field: check.field, op, value: check.value ?? blank };
}

const FIELD_NAMES: Record<ConditionField, string> = {
  owner_id: 'owner', company: 'company', job_title: 'job title', first_name: 'first name', last_name: 'last name',
  source: 'source', lead_score: 'lead score', email: 'e-mail address', phone: 'phone number',
};
const OPERATOR_WORDS: Record<FieldOperator, string> = {
  equals: 'is', not_equals: 'is not', contains: 'contains', is_set: 'is set', is_not_set: 'is not set', greater: 'is above', less: 'is below',
};

/** One line for the step list: "If the job title contains “CTO”", "If the owner is Sam Sales" (names: members by id). */
export function describeFieldCheck(check: FieldCheck, names: ReadonlyMap<string, string> = new Map()): string {
  const field = FIELD_NAMES[check.field] ?? check.field;
  const words = OPERATOR_WORDS[check.op] ?? check.op;
  if (!comparesWithValue(check.op)) return `If the ${field} ${words}`;
  const value = check.value ?? '';
  if (check.field === 'owner_id') return `If the owner ${words} ${names.get(String(value)) ?? 'the chosen member'}`;
  return `If the ${field} ${words} ${typeof value === 'number' ? value : `“${value}”`}`;
}
