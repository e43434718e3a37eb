import { Copy, Loader2 } from 'lucide-react';
import { useEffect, useRef, useState, type FormEvent } from 'react';
import { toast } from '@/lib/toast';
import { Button } from '@/components/ui/button';
import { CodeInput } from '@/components/ui/code-input';
import { Dialog, DialogContent, DialogDescription, DialogFooter, DialogHeader, DialogTitle } from '@/components/ui/dialog';
import { FormField } from '@/components/ui/form-field';
import { accountSecurityCopy as copy } from '@/config/security-copy';
import { useConfirmFactor } from '@/features/account-security/api/confirm-factor';
import { abandonEnrolment, useEnrollFactor, type Enrolment } from '@/features/account-security/api/enroll-factor';
import { groupedKey, type FactorSummary } from '@/features/account-security/utils/two-factor-status';
import { copyText } from '@/lib/copy-text';
import { codeError } from '@/lib/one-time-code';
import { securityErrorMessage } from '@/lib/security-errors';

interface EnableTwoFactorDialogProps {
  isOpen: boolean;
  onOpenChange(open: boolean): void;
  factors: readonly FactorSummary[];
}

/**
 * Turning two-factor on: a new key as a QR code and as text (shown only here), then the app's first code, which
 * verifies the factor and steps this session up. Closing before that removes the unfinished factor.
 */
export function EnableTwoFactorDialog({ isOpen, onOpenChange, factors }: EnableTwoFactorDialogProps) {
  const enroll = useEnrollFactor();
  const confirm = useConfirmFactor();
  const [enrolment, setEnrolment] = useState<Enrolment | null>(null);
  const [code, setCode] = useState('');
  const [fieldError, setFieldError] = useState<string | undefined>();
  const [formError, setFormError] = useState<string | null>(null);
  const started = useRef(false);

  const start = () => {
    setFormError(null);
    enroll.mutate(factors, { onSuccess: setEnrolment, onError: (error) => setFormError(securityErrorMessage(error)) });
  };

  useEffect(() => {
    if (!isOpen || started.current) return;
    started.current = true;
    start();
    // Once per opening: `start` reads the factors of that moment.
    // eslint-disable-next-line react-hooks/exhaustive-deps
  }, [isOpen]);

  function finish() {
    setEnrolment(null);
    setCode('');
    setFieldError(undefined);
    setFormError(null);
    started.current = false;
    onOpenChange(false);
  }

  /** Closed before the first code: the factor never verified is removed. */
  function close() {
    if (confirm.isPending) return;
    if (enrolment) void abandonEnrolment(enrolment.factorId);
    finish();
  }

  function handleSubmit(event: FormEvent<HTMLFormElement>) {
    event.preventDefault();
    if (!enrolment || confirm.isPending) return;
    const error = codeError(code) ?? undefined;
    setFieldError(error);
    if (error) return;
    setFormError(null);
    confirm.mutate(
      { factorId: enrolment.factorId, code },
      {
        onSuccess: () => {
          toast.success(copy.enabled);
          finish();
        },
        onError: (failure) => setFormError(securityErrorMessage(failure)),
      },
    );
  }

  async function handleCopy() {
    if (!enrolment) return;
    if (await copyText(enrolment.secret)) toast.success(copy.keyCopied);
  }

  return (
    <Dialog open={isOpen} onOpenChange={(open) => (open ? onOpenChange(true) : close())}>
      <DialogContent className="max-h-[90vh] overflow-y-auto">
        <DialogHeader>
          <DialogTitle>{copy.enableTitle}</DialogTitle>
          <DialogDescription>{copy.twoFactorDescription}</DialogDescription>
        </DialogHeader>
        {formError ? (
          <p role="alert" className="rounded-md border border-destructive/40 bg-destructive/10 px-3 py-2 text-sm font-medium text-destructive">
            {formError}
          </p>
        ) : null}
        {!enrolment ? (
          enroll.isPending ? (
            <p role="status" className="flex items-center gap-2 text-sm text-muted-foreground">
              <Loader2 className="h-4 w-4 animate-spin" aria-hidden="true" />
              {copy.preparing}
            </p>
          ) : (
            <Button variant="outline" onClick={start}>
              {copy.retry}
            </Button>
          )
        ) : (
          <form noValidate onSubmit={handleSubmit} className="space-y-4">
            <ol className="list-decimal space-y-4 pl-5 text-sm">
              <li className="space-y-3">
                <p>{copy.enableStepScan}</p>
                <img src={enrolment.qrCode} alt={copy.qrAlt} width={180} height={180} className="rounded-md border bg-white p-2" />
                <p>{copy.enableStepKey}</p>
                <div className="flex flex-wrap items-center gap-2">
                  <code data-testid="totp-secret" className="rounded bg-muted px-2 py-1 font-mono text-sm break-all">
                    {groupedKey(enrolment.secret)}
                  </code>
                  <Button type="button" variant="outline" size="sm" onClick={() => void handleCopy()}>
                    <Copy aria-hidden="true" />
                    {copy.copyKey}
                  </Button>
                </div>
                <p className="text-xs text-muted-foreground">{copy.keyShownOnce}</p>
              </li>
              <li>
                <FormField label={copy.enableStepCode} error={fieldError}>
                  <CodeInput
                    value={code}
                    onChange={(event) => setCode(event.target.value)}
                    disabled={confirm.isPending}
                  />
                </FormField>
              </li>
            </ol>
            <DialogFooter className="gap-2">
              <Button type="button" variant="outline" onClick={close} disabled={confirm.isPending}>
                {copy.cancel}
              </Button>
              <Button type="submit" disabled={confirm.isPending} aria-busy={confirm.isPending || undefined}>
                {confirm.isPending ? copy.confirming : copy.confirm}
              </Button>
            </DialogFooter>
          </form>
        )}
      </DialogContent>
    </Dialog>
  );
}
