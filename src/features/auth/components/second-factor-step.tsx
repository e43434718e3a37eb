import { ShieldCheck } from 'lucide-react';
import { useState, type FormEvent } from 'react';
import { toast } from '@/lib/toast';
import { Button } from '@/components/ui/button';
import { CodeInput } from '@/components/ui/code-input';
import { FormField } from '@/components/ui/form-field';
import { messages } from '@/config/messages';
import { secondFactorCopy } from '@/config/security-copy';
import { useVerifySecondFactor } from '@/features/auth/api/verify-second-factor';
import { FormError } from '@/features/auth/components/form-error';
import { codeError } from '@/lib/one-time-code';
import { securityErrorMessage } from '@/lib/security-errors';

interface SecondFactorStepProps {
  onVerified(): void;
  onSignOut(): void;
  isSigningOut: boolean;
}

/** The code of the authenticator app, after the password or the sign-in link of an account with two-factor on. */
export function SecondFactorStep({ onVerified, onSignOut, isSigningOut }: SecondFactorStepProps) {
  const [code, setCode] = useState('');
  const [fieldError, setFieldError] = useState<string | undefined>();
  const [formError, setFormError] = useState<string | null>(null);
  const verify = useVerifySecondFactor();

  function handleSubmit(event: FormEvent<HTMLFormElement>) {
    event.preventDefault();
    if (verify.isPending) return;
    const error = codeError(code) ?? undefined;
    setFieldError(error);
    if (error) return;
    setFormError(null);
    verify.mutate(code, {
      onSuccess: () => {
        toast.success(messages.auth.welcomeBack);
        onVerified();
      },
      onError: (failure) => {
        setFormError(securityErrorMessage(failure));
        setCode('');
      },
    });
  }

  return (
    <section aria-labelledby="second-factor-title" className="space-y-4">
      <div className="flex items-start gap-3">
        <ShieldCheck className="mt-0.5 h-6 w-6 shrink-0 text-primary" aria-hidden="true" />
        <div className="space-y-1">
          <h2 id="second-factor-title" className="text-lg font-semibold">
            {secondFactorCopy.title}
          </h2>
          <p className="text-sm text-muted-foreground">{secondFactorCopy.description}</p>
        </div>
      </div>
      <FormError message={formError} />
      <form noValidate onSubmit={handleSubmit} className="space-y-4" aria-label={secondFactorCopy.title}>
        <FormField label={secondFactorCopy.codeLabel} error={fieldError}>
          <CodeInput
            autoFocus
            value={code}
            onChange={(event) => setCode(event.target.value)}
            disabled={verify.isPending}
          />
        </FormField>
        <Button type="submit" className="w-full" disabled={verify.isPending} aria-busy={verify.isPending || undefined}>
          {verify.isPending ? secondFactorCopy.verifying : secondFactorCopy.verify}
        </Button>
      </form>
      <p className="text-xs text-muted-foreground">{secondFactorCopy.lostDevice}</p>
      <Button type="button" variant="link" className="w-full" onClick={onSignOut} disabled={isSigningOut}>
        {secondFactorCopy.useAnotherAccount}
      </Button>
    </section>
  );
}
