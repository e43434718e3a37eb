import { useId, useState } from 'react';
import { Button } from '@/components/ui/button';
import { Card, CardContent, CardDescription, CardHeader } from '@/components/ui/card';
import { Checkbox } from '@/components/ui/checkbox';
import { FormField } from '@/components/ui/form-field';
import { Input } from '@/components/ui/input';
import { Label } from '@/components/ui/label';
import { Textarea } from '@/components/ui/textarea';
import { socialCopy } from '@/config/social-copy';
import { useSocialAccounts } from '@/features/social/api/get-social-accounts';
import { useSaveSocialPost } from '@/features/social/api/save-social-post';
import { LengthMeter } from '@/features/social/components/length-meter';
import { composePost, type ComposerState } from '@/features/social/utils/compose-post';

const EMPTY: ComposerState = { body: '', selected: [], variants: {}, scheduleLocal: '' };

/** One post, a version per chosen account with its network's live length check, saved as a draft or scheduled. */
export function ComposerCard({ workspaceId }: { workspaceId: string }) {
  const titleId = useId();
  const accounts = useSocialAccounts(workspaceId);
  const save = useSaveSocialPost();
  const [state, setState] = useState<ComposerState>(EMPTY);
  const [attempt, setAttempt] = useState<'schedule' | 'draft' | null>(null);
  const usable = (accounts.data ?? []).filter((account) => account.status !== 'failed');
  const composed = composePost(state, usable);

  function toggle(accountId: string, checked: boolean) {
    setState((current) => ({ ...current, selected: checked ? [...current.selected, accountId] : current.selected.filter((id) => id !== accountId) }));
  }

  const draft = composePost({ ...state, scheduleLocal: '' }, usable);
  const problem = attempt === 'draft' ? draft.problem : attempt === 'schedule' ? composed.problem ?? (composed.scheduledAt ? null : socialCopy.chooseMoment) : null;

  function submit(kind: 'schedule' | 'draft') {
    setAttempt(kind);
    const post = kind === 'schedule' ? composed : draft;
    if (post.problem || save.isPending || (kind === 'schedule' && !post.scheduledAt)) return;
    save.mutate(
      { workspaceId, body: state.body, channels: post.channels.map(({ account_id, body }) => ({ account_id, body })), scheduledAt: post.scheduledAt },
      { onSuccess: () => { setState(EMPTY); setAttempt(null); } },
    );
  }

  return (
    <Card role="region" aria-labelledby={titleId}>
      <CardHeader>
        <h2 id={titleId} className="text-xl font-semibold tracking-tight">{socialCopy.composeTitle}</h2>
        <CardDescription>{socialCopy.composeDescription}</CardDescription>
      </CardHeader>
      <CardContent>
        <form className="space-y-4" noValidate onSubmit={(event) => { event.preventDefault(); submit('schedule'); }}>
          <FormField label={socialCopy.body}>
            <Textarea rows={4} value={state.body} onChange={(event) => setState({ ...state, body: event.target.value })} />
          </FormField>
          <fieldset className="space-y-2">
            <legend className="text-sm font-medium">{socialCopy.chooseAccounts}</legend>
            {usable.length === 0 ? <p className="text-sm text-muted-foreground">{socialCopy.noAccountsToChoose}</p> : null}
            {usable.map((account) => (
              <div key={account.id} className="flex items-center gap-2">
                <Checkbox id={`${titleId}-${account.id}`} checked={state.selected.includes(account.id)} onCheckedChange={(checked) => toggle(account.id, checked === true)} />
                <Label htmlFor={`${titleId}-${account.id}`} className="break-all font-normal">{account.display_name} · {account.network}</Label>
              </div>
            ))}
          </fieldset>
          {composed.channels.map((channel) => (
            <FormField key={channel.account_id} label={socialCopy.variantFor(channel.name)} hint={<LengthMeter check={channel.check} />}>
              <Textarea rows={3} value={channel.body} onChange={(event) => setState({ ...state, variants: { ...state.variants, [channel.account_id]: event.target.value } })} />
            </FormField>
          ))}
          <FormField label={socialCopy.scheduleAt} hint={socialCopy.scheduleHint}>
            <Input type="datetime-local" value={state.scheduleLocal} onChange={(event) => setState({ ...state, scheduleLocal: event.target.value })} className="w-auto" />
          </FormField>
          {problem ? <p role="alert" className="text-sm font-medium text-destructive">{problem}</p> : null}
          <div className="flex flex-wrap gap-2">
            <Button type="submit" disabled={save.isPending}>{save.isPending ? socialCopy.saving : socialCopy.save}</Button>
            <Button type="button" variant="outline" disabled={save.isPending} onClick={() => submit('draft')}>{socialCopy.saveDraft}</Button>
          </div>
        </form>
      </CardContent>
    </Card>
  );
}
