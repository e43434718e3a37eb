import { LoadErrorPanel } from '@/components/errors/load-error-panel';
import { Card, CardContent, CardDescription, CardHeader } from '@/components/ui/card';
import { contactsCopy } from '@/config/contacts-copy';
import { useScoreRules } from '@/features/contacts/api/score-rules';
import { useWorkspace } from '@/lib/workspace';
import { ScoreRuleAddForm } from './score-rule-add-form';
import { ScoreRuleRow } from './score-rule-row';

const copy = contactsCopy.rules;

/** The workspace's lead scoring rules: members edit them, everyone reads them; every change rescores the contacts. */
export function ScoreRulesCard() {
  const { canWrite } = useWorkspace();
  const rules = useScoreRules();
  return (
    <Card>
      <CardHeader>
        <h2 className="text-lg font-semibold leading-none tracking-tight">{copy.title}</h2>
        <CardDescription>{copy.description}</CardDescription>
      </CardHeader>
      <CardContent className="space-y-4">
        {rules.isPending ? (
          <p role="status" className="text-sm text-muted-foreground">
            {copy.loading}
          </p>
        ) : rules.isError ? (
          <LoadErrorPanel title={copy.loadFailed} error={rules.error} onRetry={() => void rules.refetch()} />
        ) : rules.data.length === 0 ? (
          <p className="text-sm text-muted-foreground">{copy.empty}</p>
        ) : (
          <ul className="divide-y" aria-label={copy.title}>
            {rules.data.map((rule) => (
              <ScoreRuleRow key={`${rule.id}:${rule.points}`} rule={rule} canWrite={canWrite} />
            ))}
          </ul>
        )}
        {canWrite ? (
          <section aria-label={copy.addTitle} className="space-y-2 border-t pt-4">
            <h3 className="text-sm font-semibold">{copy.addTitle}</h3>
            <ScoreRuleAddForm />
          </section>
        ) : null}
      </CardContent>
    </Card>
  );
}
