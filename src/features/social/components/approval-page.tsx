import { useState, type ReactNode } from 'react';
import { Button } from '@/components/ui/button';
import { Card, CardContent, CardHeader } from '@/components/ui/card';
import { FormField } from '@/components/ui/form-field';
import { Input } from '@/components/ui/input';
import { Textarea } from '@/components/ui/textarea';
import { site } from '@/config/site';
import { approvalCopy } from '@/config/social-approval-copy';
import { useDecideSocialApproval, type DecisionInput } from '@/features/social/api/decide-social-approval';
import { useSocialApproval } from '@/features/social/api/get-social-approval';

const copy = approvalCopy.page;

function Frame({ children }: { children: ReactNode }) {
  return (
    <main className="flex min-h-screen flex-col items-center justify-center bg-muted/40 px-4 py-10">
      <title>{`${copy.title} | ${site.name}`}</title>
      <Card className="w-full max-w-lg">
        <CardHeader>
          <h1 className="text-2xl font-semibold tracking-tight">{copy.title}</h1>
        </CardHeader>
        <CardContent className="space-y-4 break-words">{children}</CardContent>
      </Card>
    </main>
  );
}

/** /approve/<token>: a signed-out reviewer sees one post's versions and approves it or requests changes, once. */
export function ApprovalPage({ token }: { token: string }) {
  const approval = useSocialApproval(token);
  const decide = useDecideSocialApproval(token);
  const [comment, setComment] = useState('');
  const [reviewerName, setReviewerName] = useState('');
  const [commentError, setCommentError] = useState<string | undefined>();

  if (approval.isPending) return <Frame><p role="status">{copy.loading}</p></Frame>;
  if (approval.isError) return <Frame><p role="alert">{copy.loadFailed}</p></Frame>;
  if (decide.isSuccess) return <Frame><p role="status" className="font-medium">{copy.done[decide.data] ?? copy.done.approved}</p></Frame>;
  const { status, scheduledAt, expiresAt, variants } = approval.data;
  if (status !== 'pending') return <Frame><p role="alert" className="font-medium">{copy.closed[status] ?? copy.closed.invalid}</p></Frame>;

  function submit(decision: DecisionInput['decision']) {
    if (decision === 'request_changes' && !comment.trim()) {
      setCommentError(approvalCopy.commentRequired);
      return;
    }
    setCommentError(undefined);
    decide.mutate({ decision, comment, reviewerName });
  }

  return (
    <Frame>
      <p className="text-sm text-muted-foreground">{copy.intro}</p>
      <p className="text-sm font-medium">{scheduledAt ? copy.moment(new Date(scheduledAt).toLocaleString()) : copy.noMoment}</p>
      <ul className="space-y-3">
        {variants.map((variant, index) => (
          <li key={index} className="rounded-md border p-3">
            <p className="text-xs font-medium uppercase text-muted-foreground">{copy.variantOn(variant.network, variant.account)}</p>
            <p className="mt-1 whitespace-pre-wrap">{variant.body}</p>
          </li>
        ))}
      </ul>
      <form noValidate className="space-y-4" onSubmit={(event) => { event.preventDefault(); submit('approve'); }}>
        <FormField label={copy.name}>
          <Input autoComplete="name" maxLength={120} value={reviewerName} onChange={(event) => setReviewerName(event.target.value)} />
        </FormField>
        <FormField label={copy.comment} hint={copy.commentHint} error={commentError}>
          <Textarea rows={3} maxLength={2000} value={comment} onChange={(event) => setComment(event.target.value)} />
        </FormField>
        {decide.isError ? <p role="alert" className="text-sm font-medium text-destructive">{decide.error.message}</p> : null}
        <div className="flex flex-wrap gap-2">
          <Button type="submit" disabled={decide.isPending}>{decide.isPending ? copy.sending : copy.approve}</Button>
          <Button type="button" variant="outline" disabled={decide.isPending} onClick={() => submit('request_changes')}>{copy.requestChanges}</Button>
        </div>
      </form>
      {expiresAt ? <p className="text-xs text-muted-foreground">{copy.expiresAt(new Date(expiresAt).toLocaleString())}</p> : null}
    </Frame>
  );
}
