import { useState } from 'react';
import { Button } from '@/components/ui/button';
import { Input } from '@/components/ui/input';
import { contactsCopy } from '@/config/contacts-copy';
import { useChangeScoreRule, type ScoreRule } from '@/features/contacts/api/score-rules';
import { readPoints, ruleText } from '@/features/contacts/utils/score-rule-form';

const copy = contactsCopy.rules;

/** One rule: what it matches, its points (editable by members) and Remove. */
export function ScoreRuleRow({ rule, canWrite }: { rule: ScoreRule; canWrite: boolean }) {
  const [points, setPoints] = useState(String(rule.points));
  const [error, setError] = useState<string | undefined>();
  const change = useChangeScoreRule();
  const text = ruleText(rule);
  const isChanged = points.trim() !== String(rule.points);

  function handleSave(event: React.FormEvent) {
    event.preventDefault();
    const value = readPoints(points);
    if (value === null) return setError(copy.pointsInvalid);
    setError(undefined);
    change.mutate({ op: 'points', id: rule.id, points: value });
  }

  return (
    <li className="flex flex-col gap-2 py-3 sm:flex-row sm:items-center sm:justify-between">
      <span className="break-words text-sm">{text}</span>
      {canWrite ? (
        <form onSubmit={handleSave} className="flex flex-wrap items-center gap-2">
          <Input
            type="number"
            min={-100}
            max={100}
            step={1}
            value={points}
            onChange={(event) => setPoints(event.target.value)}
            aria-label={copy.pointsLabel(text)}
            aria-invalid={error ? true : undefined}
            className="w-24"
          />
          <Button type="submit" size="sm" variant="outline" disabled={!isChanged || change.isPending}>
            {copy.save}
          </Button>
          <Button type="button" size="sm" variant="ghost" onClick={() => change.mutate({ op: 'delete', id: rule.id })} disabled={change.isPending} aria-label={copy.deleteLabel(text)}>
            {copy.delete}
          </Button>
          {error ? (
            <p role="alert" className="w-full text-sm font-medium text-destructive">
              {error}
            </p>
          ) : null}
        </form>
      ) : (
        <span className="text-sm font-semibold">{rule.points > 0 ? `+${rule.points}` : rule.points}</span>
      )}
    </li>
  );
}
