import { ShieldCheck, ShieldOff } from 'lucide-react';
import { useState } from 'react';
import { ListStatus } from '@/components/module/list-status';
import { Badge } from '@/components/ui/badge';
import { Button } from '@/components/ui/button';
import { Card, CardContent, CardHeader } from '@/components/ui/card';
import { accountSecurityCopy as copy } from '@/config/security-copy';
import { useFactors } from '@/features/account-security/api/get-factors';
import { DisableTwoFactorDialog } from '@/features/account-security/components/disable-two-factor-dialog';
import { EnableTwoFactorDialog } from '@/features/account-security/components/enable-two-factor-dialog';
import { activeTotpFactor } from '@/features/account-security/utils/two-factor-status';
import { useWorkspace } from '@/lib/workspace';

/** Two-factor authentication of the account: whether it is on, turning it on (QR code, first code) and off. */
export function TwoFactorCard() {
  const factors = useFactors();
  const { workspaces, lockedWorkspaces } = useWorkspace();
  const [dialog, setDialog] = useState<'enable' | 'disable' | null>(null);
  const requiredBy = [...lockedWorkspaces, ...workspaces.filter((workspace) => workspace.requiresTwoFactor)].map((workspace) => workspace.name);
  const active = factors.data ? activeTotpFactor(factors.data) : null;

  let body;
  if (factors.isPending) body = <ListStatus kind="loading" title={copy.preparing} />;
  else if (factors.isError) {
    body = (
      <ListStatus kind="error" title={copy.loadFailed}>
        <Button variant="outline" onClick={() => void factors.refetch()}>
          {copy.retry}
        </Button>
      </ListStatus>
    );
  } else {
    body = (
      <div className="space-y-4">
        <p className="flex items-center gap-2 text-sm">
          {active ? <ShieldCheck className="h-5 w-5 text-primary" aria-hidden="true" /> : <ShieldOff className="h-5 w-5 text-muted-foreground" aria-hidden="true" />}
          <span className="font-medium">{copy.twoFactorTitle}:</span>
          <Badge variant={active ? 'default' : 'secondary'}>{active ? copy.statusOn : copy.statusOff}</Badge>
        </p>
        {requiredBy.length > 0 ? <p className="text-sm text-muted-foreground">{copy.requiredBy(requiredBy)}</p> : null}
        {active ? (
          <Button variant="outline" onClick={() => setDialog('disable')}>
            {copy.turnOff}
          </Button>
        ) : (
          <Button onClick={() => setDialog('enable')}>{copy.turnOn}</Button>
        )}
      </div>
    );
  }

  return (
    <Card>
      <CardHeader>
        <h2 className="text-xl font-semibold tracking-tight">{copy.twoFactorTitle}</h2>
        <p className="text-sm text-muted-foreground">{copy.twoFactorDescription}</p>
      </CardHeader>
      <CardContent>{body}</CardContent>
      {factors.data ? (
        <EnableTwoFactorDialog isOpen={dialog === 'enable'} onOpenChange={(open) => setDialog(open ? 'enable' : null)} factors={factors.data} />
      ) : null}
      {active ? (
        <DisableTwoFactorDialog
          isOpen={dialog === 'disable'}
          onOpenChange={(open) => setDialog(open ? 'disable' : null)}
          factorId={active.id}
          requiredBy={requiredBy}
        />
      ) : null}
    </Card>
  );
}
