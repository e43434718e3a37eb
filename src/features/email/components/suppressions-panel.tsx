import { useState, type FormEvent } from 'react';
import { ListStatus } from '@/components/module/list-status';
import { Button } from '@/components/ui/button';
import { Card, CardContent, CardDescription, CardHeader } from '@/components/ui/card';
import { FormField } from '@/components/ui/form-field';
import { Input } from '@/components/ui/input';
import { emailCopy } from '@/config/email-copy';
import { useChangeSuppression, useSuppressions } from '@/features/email/api/get-suppressions';
import { useWorkspace } from '@/lib/workspace';

const copy = emailCopy.suppressions;
const PLAIN_EMAIL = /^[^\s@,;:<>()"\\]+@[^\s@,;:<>()"\\]+\.[^\s@,;:<>()"\\]+$/;

/** The workspace's suppression list: why each address is on it; members add addresses and lift their own. */
export function SuppressionsPanel() {
  const { canWrite, current } = useWorkspace();
  const suppressions = useSuppressions();
  const change = useChangeSuppression();
  const [address, setAddress] = useState('');
  const [error, setError] = useState<string | undefined>();
  const isAdmin = current?.accessRole === 'owner' || current?.accessRole === 'admin';

  function handleSubmit(event: FormEvent) {
    event.preventDefault();
    if (!PLAIN_EMAIL.test(address.trim())) {
      setError(copy.invalid);
      return;
    }
    setError(undefined);
    change.mutate({ op: 'add', email: address }, { onSuccess: () => setAddress('') });
  }

  return (
    <Card>
      <CardHeader>
        <h2 className="text-lg font-semibold">{copy.heading}</h2>
        <CardDescription>{copy.description}</CardDescription>
      </CardHeader>
      <CardContent className="space-y-4">
        {canWrite ? (
          <form noValidate onSubmit={handleSubmit} className="flex flex-wrap items-end gap-2">
            <FormField label={copy.address} error={error} className="min-w-[16rem] flex-1">
              <Input type="email" value={address} onChange={(event) => setAddress(event.target.value)} />
            </FormField>
            <Button type="submit" disabled={change.isPending}>
              {copy.add}
            </Button>
          </form>
        ) : null}
        {suppressions.isPending ? (
          <ListStatus kind="loading" title={emailCopy.campaigns.loading} />
        ) : suppressions.isError ? (
          <ListStatus kind="error" title={emailCopy.loadFailed} />
        ) : suppressions.data.length === 0 ? (
          <p className="text-sm text-muted-foreground">{copy.empty}</p>
        ) : (
          <ul className="divide-y text-sm">
            {suppressions.data.map((entry) => {
              const removable = canWrite && (entry.reason === 'manual' || (entry.reason === 'hard_bounce' && isAdmin));
              return (
                <li key={entry.id} className="flex flex-wrap items-center justify-between gap-2 py-2">
                  <div className="min-w-0">
                    <p className="break-all font-medium">{entry.email}</p>
                    <p className="text-xs text-muted-foreground">
                      {copy.reasons[entry.reason]}
                      {entry.detail ? ` · ${entry.detail}` : ''}
                    </p>
                  </div>
                  {removable ? (
                    <Button size="sm" variant="ghost" disabled={change.isPending} onClick={() => change.mutate({ op: 'remove', id: entry.id })} aria-label={`${copy.remove}: ${entry.email}`}>
                      {copy.remove}
                    </Button>
                  ) : null}
                </li>
              );
            })}
          </ul>
        )}
      </CardContent>
    </Card>
  );
}
