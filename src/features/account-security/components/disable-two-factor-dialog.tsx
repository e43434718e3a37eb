import { useState, type FormEvent } from 'react';
import { toast } from '@/lib/toast';
import { Button } from '@/components/ui/button';
import { CodeInput } from '@/components/ui/code-input';
import { Dialog, DialogContent, DialogDescription, DialogFooter, DialogHeader, DialogTitle } from '@/components/ui/dialog';
import { FormField } from '@/components/ui/form-field';
import { accountSecurityCopy as copy } from '@/config/security-copy';
import { useDisableTwoFactor } from '@/features/account-security/api/disable-two-factor';
import { codeError } from '@/lib/one-time-code';
import { securityErrorMessage } from '@/lib/security-errors';

interface DisableTwoFactorDialogProps {
  isOpen: boolean;
  onOpenChange(open: boolean): void;
  factorId: string;
  /** Workspaces that require two-factor: turning it off closes them to this account. */
  requiredBy: readonly string[];
}

/** Turning two-factor off, confirmed with a fresh code of the app. */
export function DisableTwoFactorDialog({ isOpen, onOpenChange, factorId, requiredBy }: DisableTwoFactorDialogProps) {
  const disable = useDisableTwoFactor();
  const [code, setCode] = useState('');
  const [fieldError, setFieldError] = useState<string | undefined>();
  const [formError, setFormError] = useState<string | null>(null);

  function handleOpenChange(open: boolean) {
    if (disable.isPending) return;
    if (!open) {
      setCode('');
      setFieldError(undefined);
      setFormError(null);
    }
    onOpenChange(open);
  }

  function handleSubmit(event: FormEvent<HTMLFormElement>) {
    event.preventDefault();
    if (disable.isPending) return;
    const error = codeError(code) ?? undefined;
    setFieldError(error);
    if (error) return;
    setFormError(null);
    disable.mutate(
      { factorId, code },
      {
        onSuccess: () => {
          toast.success(copy.disabled);
          setCode('');
          onOpenChange(false);
        },
        onError: (failure) => setFormError(securityErrorMessage(failure)),
      },
    );
  }

  return (
    <Dialog open={isOpen} onOpenChange={handleOpenChange}>
      <DialogContent>
        <DialogHeader>
          <DialogTitle>{copy.disableTitle}</DialogTitle>
          <DialogDescription>{copy.disableDescription}</DialogDescription>
        </DialogHeader>
        {requiredBy.length > 0 ? (
          <p className="rounded-md border border-amber-300 bg-amber-50 p-3 text-sm text-amber-950">{copy.requiredBy(requiredBy)}</p>
        ) : null}
        {formError ? (
          <p role="alert" className="rounded-md border border-destructive/40 bg-destructive/10 px-3 py-2 text-sm font-medium text-destructive">
            {formError}
          </p>
        ) : null}
        <form noValidate onSubmit={handleSubmit} className="space-y-4">
          <FormField label={copy.disableCodeLabel} error={fieldError}>
            <CodeInput
              value={code}
              onChange={(event) => setCode(event.target.value)}
              disabled={disable.isPending}
            />
          </FormField>
          <DialogFooter className="gap-2">
            <Button type="button" variant="outline" onClick={() => handleOpenChange(false)} disabled={disable.isPending}>
              {copy.cancel}
            </Button>
            <Button type="submit" variant="destructive" disabled={disable.isPending} aria-busy={disable.isPending || undefined}>
              {disable.isPending ? copy.disabling : copy.disable}
            </Button>
          </DialogFooter>
        </form>
      </DialogContent>
    </Dialog>
  );
}
