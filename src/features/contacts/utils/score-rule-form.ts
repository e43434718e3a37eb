import { contactSources, lifecycleStages, scoreRuleKinds, type ScoreRuleKind } from '@/config/contact-options';
import { contactsCopy } from '@/config/contacts-copy';

const copy = contactsCopy.rules;

/** 'Lifecycle stage is Sales qualified', 'Job title contains director', 'Active within (days) 14'. */
export function ruleText(rule: { kind: ScoreRuleKind; value: string }): string {
  const kind = scoreRuleKinds.find((option) => option.value === rule.kind)?.label ?? rule.kind;
  const value =
    rule.kind === 'lifecycle_stage'
      ? (lifecycleStages.find((stage) => stage.value === rule.value)?.label ?? rule.value)
      : rule.kind === 'source'
        ? (contactSources.find((source) => source.value === rule.value)?.label ?? rule.value)
        : rule.value;
  return `${kind} ${value}`;
}

/** Points as typed → a whole number from -100 to 100, or null. */
export function readPoints(text: string): number | null {
  const trimmed = text.trim();
  if (!/^-?\d{1,3}$/.test(trimmed)) return null;
  const points = Number(trimmed);
  return points >= -100 && points <= 100 ? points : null;
}

export type RuleFormResult = { ok: true; rule: { kind: ScoreRuleKind; value: string; points: number } } | { ok: false; errors: { value?: string; points?: string } };

/** A new rule as typed (the value of a stage or source rule comes from a list, others are typed). */
export function readRuleForm(kind: ScoreRuleKind, valueText: string, pointsText: string): RuleFormResult {
  const errors: { value?: string; points?: string } = {};
  const value = valueText.trim();
  if (!value) errors.value = copy.valueRequired;
  else if ((kind === 'recent_activity' || kind === 'email_opened' || kind === 'email_clicked') && !/^[1-9]\d{0,2}$/.test(value)) errors.value = copy.daysInvalid;
  else if (value.length > 50) errors.value = contactsCopy.errors.tooLong(50);
  const points = readPoints(pointsText);
  if (points === null) errors.points = copy.pointsInvalid;
  if (errors.value || errors.points) return { ok: false, errors };
  return { ok: true, rule: { kind, value, points: points! } };
}
