import { useState, type FormEvent } from 'react';
import { Button } from '@/components/ui/button';
import { FormField } from '@/components/ui/form-field';
import { Input } from '@/components/ui/input';
import { emailCopy } from '@/config/email-copy';
import { useListForm, useSubscribe } from '@/features/email/api/public-subscription';
import { emailFailureDescription } from '@/features/email/utils/email-failure';
import { PublicEmailFrame } from './public-email-frame';

const copy = emailCopy.subscribePage;
const PLAIN_EMAIL = /^[^\s@,;:<>()"\\]+@[^\s@,;:<>()"\\]+\.[^\s@,;:<>()"\\]+$/;

/** A list's hosted subscribe page (anyone, no account): the same function the embedded snippet calls. */
export function SubscribePage({ formToken }: { formToken: string }) {
  const form = useListForm(formToken);
  const subscribe = useSubscribe(formToken);
  const [email, setEmail] = useState('');
  const [firstName, setFirstName] = useState('');
  const [error, setError] = useState<string | undefined>();

  if (form.isPending) return <PublicEmailFrame title={copy.loading}>{null}</PublicEmailFrame>;
  if (form.isError) {
    return (
      <PublicEmailFrame title={copy.loadFailed}>
        <p role="alert" className="text-sm">{copy.loadFailedHint}</p>
        <Button variant="outline" onClick={() => void form.refetch()}>
          {emailCopy.retry}
        </Button>
      </PublicEmailFrame>
    );
  }
  if (!form.data) return <PublicEmailFrame title={copy.notFound}>{null}</PublicEmailFrame>;

  function handleSubmit(event: FormEvent) {
    event.preventDefault();
    if (!PLAIN_EMAIL.test(email.trim())) {
      setError(emailCopy.settings.invalidEmail);
      return;
    }
    setError(undefined);
    subscribe.mutate({ email: email.trim(), firstName: firstName.trim() });
  }

  return (
    <PublicEmailFrame title={copy.title(form.data.list_name)}>
      <p className="text-sm text-muted-foreground">{copy.from(form.data.workspace_name)}</p>
      {subscribe.isSuccess ? (
        <p role="status" className="font-medium">
          {subscribe.data.status === 'subscribed' ? copy.subscribed : copy.confirmationSent}
        </p>
      ) : (
        <form noValidate onSubmit={handleSubmit} className="space-y-4">
          <FormField label={copy.email} error={error}>
            <Input type="email" autoComplete="email" value={email} onChange={(event) => setEmail(event.target.value)} />
          </FormField>
          <FormField label={copy.firstName}>
            <Input autoComplete="given-name" value={firstName} maxLength={100} onChange={(event) => setFirstName(event.target.value)} />
          </FormField>
          {subscribe.isError ? (
            <p role="alert" className="text-sm font-medium text-destructive">
              {emailFailureDescription(subscribe.error)}
            </p>
          ) : null}
          <Button type="submit" className="w-full" disabled={subscribe.isPending}>
            {subscribe.isPending ? copy.submitting : copy.submit}
          </Button>
        </form>
      )}
    </PublicEmailFrame>
  );
}
