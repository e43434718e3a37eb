import { useState } from 'react';
import { DeferredOptionSelect } from '@/components/deferred-option-select';
import { Button } from '@/components/ui/button';
import { FormField } from '@/components/ui/form-field';
import { Input } from '@/components/ui/input';
import { contactSources, lifecycleStages, scoreRuleKinds, type ScoreRuleKind } from '@/config/contact-options';
import { contactsCopy } from '@/config/contacts-copy';
import { useChangeScoreRule } from '@/features/contacts/api/score-rules';
import { readRuleForm } from '@/features/contacts/utils/score-rule-form';

const copy = contactsCopy.rules;
const LISTED: Partial<Record<ScoreRuleKind, readonly { value: string; label: string }[]>> = { lifecycle_stage: lifecycleStages, source: contactSources };

/** A new rule: its kind, the value it matches (a list for stages and sources) and its points. */
export function ScoreRuleAddForm() {
  const [kind, setKind] = useState<ScoreRuleKind>('job_title');
  const [value, setValue] = useState('');
  const [points, setPoints] = useState('10');
  const [errors, setErrors] = useState<{ value?: string; points?: string }>({});
  const change = useChangeScoreRule();
  const listed = LISTED[kind];

  function chooseKind(next: ScoreRuleKind) {
    setKind(next);
    setValue(LISTED[next]?.[0]?.value ?? '');
  }

  function handleSubmit(event: React.FormEvent) {
    event.preventDefault();
    const result = readRuleForm(kind, value, points);
    if (!result.ok) return setErrors(result.errors);
    setErrors({});
    change.mutate({ op: 'add', ...result.rule }, { onSuccess: () => setValue(listed ? value : '') });
  }

  return (
    <form onSubmit={handleSubmit} noValidate className="grid gap-3 sm:grid-cols-[1fr_1fr_7rem_auto] sm:items-end">
      <FormField label={copy.kind}>
        <DeferredOptionSelect<ScoreRuleKind> value={kind} options={scoreRuleKinds} onChange={chooseKind} />
      </FormField>
      <FormField label={copy.value} error={errors.value}>
        {listed ? <DeferredOptionSelect value={value || listed[0]!.value} options={listed} onChange={setValue} /> : <Input value={value} onChange={(event) => setValue(event.target.value)} maxLength={50} />}
      </FormField>
      <FormField label={copy.points} error={errors.points}>
        <Input type="number" min={-100} max={100} step={1} value={points} onChange={(event) => setPoints(event.target.value)} />
      </FormField>
      <Button type="submit" disabled={change.isPending}>
        {copy.add}
      </Button>
    </form>
  );
}
