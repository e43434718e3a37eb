import { useRef, useState, type FormEvent } from 'react';
import { toast } from '@/lib/toast';
import { Button } from '@/components/ui/button';
import { FormField } from '@/components/ui/form-field';
import { Input } from '@/components/ui/input';
import { authCopy } from '@/config/account-copy';
import { messages } from '@/config/messages';
import { signInLinkCopy } from '@/config/security-copy';
import { useSignIn } from '@/features/auth/api/sign-in';
import { FormError } from '@/features/auth/components/form-error';
import { signInErrorMessage } from '@/features/auth/utils/auth-errors';
import { validateSignIn, type SignInErrors, type SignInValues } from '@/features/auth/utils/sign-in-validation';
import { hasErrors } from '@/features/auth/utils/sign-up-validation';
import { needsSecondFactor } from '@/lib/assurance-level';

interface SignInFormProps {
  /** A request starts (true) or ends without a session (false): the screen must not redirect meanwhile. */
  onBusyChange(busy: boolean): void;
  onSignedIn(): void;
  initialEmail?: string | null;
  /** "Email me a sign-in link" instead, with what was typed as the address. */
  onUseLink?(email: string): void;
}

export function SignInForm({ onBusyChange, onSignedIn, initialEmail, onUseLink }: SignInFormProps) {
  const [values, setValues] = useState<SignInValues>({ email: initialEmail ?? '', password: '' });
  const [errors, setErrors] = useState<SignInErrors>({});
  const [isSubmitted, setSubmitted] = useState(false);
  const [formError, setFormError] = useState<string | null>(null);
  const inFlight = useRef(false);
  const signIn = useSignIn();
  const isBusy = signIn.isPending;

  function update(field: keyof SignInValues, value: string) {
    const next = { ...values, [field]: value };
    setValues(next);
    if (isSubmitted) setErrors(validateSignIn(next));
  }

  function handleSubmit(event: FormEvent<HTMLFormElement>) {
    event.preventDefault();
    if (inFlight.current) return;
    setSubmitted(true);
    const found = validateSignIn(values);
    setErrors(found);
    if (hasErrors(found)) return;
    inFlight.current = true;
    setFormError(null);
    onBusyChange(true);
    signIn.mutate(values, {
      onSuccess: (data) => {
        // With two-factor on, the welcome waits for the code.
        if (!needsSecondFactor(data.session)) toast.success(messages.auth.welcomeBack);
        onSignedIn();
      },
      onError: (error) => {
        setFormError(signInErrorMessage(error));
        onBusyChange(false);
      },
      onSettled: () => {
        inFlight.current = false;
      },
    });
  }

  return (
    <form noValidate onSubmit={handleSubmit} className="space-y-4" aria-label={authCopy.signInTab}>
      <FormError message={formError} />
      <FormField label={authCopy.email} error={errors.email}>
        <Input
          type="email"
          name="email"
          autoComplete="email"
          required
          value={values.email}
          onChange={(event) => update('email', event.target.value)}
          disabled={isBusy}
        />
      </FormField>
      <FormField label={authCopy.password} error={errors.password}>
        <Input
          type="password"
          name="password"
          autoComplete="current-password"
          required
          value={values.password}
          onChange={(event) => update('password', event.target.value)}
          disabled={isBusy}
        />
      </FormField>
      <Button type="submit" className="w-full" disabled={isBusy} aria-busy={isBusy || undefined}>
        {isBusy ? authCopy.signingIn : authCopy.signIn}
      </Button>
      {onUseLink ? (
        <Button type="button" variant="link" className="w-full" onClick={() => onUseLink(values.email)} disabled={isBusy}>
          {signInLinkCopy.switchToLink}
        </Button>
      ) : null}
    </form>
  );
}
