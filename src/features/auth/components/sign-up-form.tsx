import { MailCheck } from 'lucide-react';
import { useRef, useState, type FormEvent } from 'react';
import { toast } from '@/lib/toast';
import { Button } from '@/components/ui/button';
import { FormField } from '@/components/ui/form-field';
import { Input } from '@/components/ui/input';
import { authCopy } from '@/config/account-copy';
import { messages, MIN_PASSWORD_LENGTH } from '@/config/messages';
import { useSignUp } from '@/features/auth/api/sign-up';
import { FormError } from '@/features/auth/components/form-error';
import { authErrorMessage } from '@/features/auth/utils/auth-errors';
import {
  emptySignUpValues,
  hasErrors,
  passwordsMismatch,
  toSignUpRequest,
  validateSignUp,
  type SignUpErrors,
  type SignUpValues,
} from '@/features/auth/utils/sign-up-validation';

interface SignUpFormProps {
  /** A request starts (true) or ends without a session (false): the screen must not redirect meanwhile. */
  onBusyChange(busy: boolean): void;
  onSignedIn(): void;
  initialEmail?: string | null;
  /** An invitation page: the confirmation e-mail's link leads back there instead of the site root. */
  returnTo?: string | null;
}

const fields = [
  { name: 'firstName', label: authCopy.firstName, type: 'text', autoComplete: 'given-name', maxLength: 100 },
  { name: 'lastName', label: authCopy.lastName, type: 'text', autoComplete: 'family-name', maxLength: 100 },
  { name: 'companyName', label: authCopy.companyName, type: 'text', autoComplete: 'organization', maxLength: 120 },
  { name: 'email', label: authCopy.email, type: 'email', autoComplete: 'email' },
  { name: 'password', label: authCopy.password, type: 'password', autoComplete: 'new-password' },
  { name: 'confirmPassword', label: authCopy.confirmPassword, type: 'password', autoComplete: 'new-password' },
] as const satisfies readonly { name: keyof SignUpValues; label: string; type: string; autoComplete: string; maxLength?: number }[];

export function SignUpForm({ onBusyChange, onSignedIn, initialEmail, returnTo }: SignUpFormProps) {
  const [values, setValues] = useState<SignUpValues>({ ...emptySignUpValues, email: initialEmail ?? '' });
  const [errors, setErrors] = useState<SignUpErrors>({});
  const [isSubmitted, setSubmitted] = useState(false);
  const [formError, setFormError] = useState<string | null>(null);
  const [confirmationSentTo, setConfirmationSentTo] = useState<string | null>(null);
  const inFlight = useRef(false);
  const signUp = useSignUp();
  const isBusy = signUp.isPending;
  const isMismatch = passwordsMismatch(values);
  const visibleErrors: SignUpErrors = isSubmitted
    ? errors
    : { ...(isMismatch ? { confirmPassword: messages.auth.passwordsDoNotMatch } : {}) };

  function update(field: keyof SignUpValues, value: string) {
    const next = { ...values, [field]: value };
    setValues(next);
    if (isSubmitted) setErrors(validateSignUp(next));
  }

  function handleSubmit(event: FormEvent<HTMLFormElement>) {
    event.preventDefault();
    if (inFlight.current || passwordsMismatch(values)) return;
    setSubmitted(true);
    const found = validateSignUp(values);
    setErrors(found);
    if (hasErrors(found)) return;
    const request = toSignUpRequest(values);
    inFlight.current = true;
    setFormError(null);
    setConfirmationSentTo(null);
    onBusyChange(true);
    signUp.mutate({ ...request, returnTo }, {
      onSuccess: ({ needsConfirmation }) => {
        setValues(emptySignUpValues);
        setErrors({});
        setSubmitted(false);
        if (needsConfirmation) {
          setConfirmationSentTo(request.email);
          toast.success(messages.auth.checkEmail);
          onBusyChange(false);
        } else {
          toast.success(messages.auth.accountCreated);
          onSignedIn();
        }
      },
      onError: (error) => {
        setFormError(authErrorMessage(error));
        onBusyChange(false);
      },
      onSettled: () => {
        inFlight.current = false;
      },
    });
  }

  return (
    <form noValidate onSubmit={handleSubmit} className="space-y-4" aria-label={authCopy.signUpTab}>
      {confirmationSentTo ? (
        <div role="status" className="flex gap-3 rounded-md border border-green-300 bg-green-50 p-3 text-sm text-green-900">
          <MailCheck className="mt-0.5 h-4 w-4 shrink-0" aria-hidden="true" />
          <div>
            <p className="font-medium">{authCopy.checkEmailTitle}</p>
            <p>{messages.auth.checkEmail}</p>
            <p className="text-green-800">{confirmationSentTo}</p>
          </div>
        </div>
      ) : null}
      <FormError message={formError} />
      <div className="grid gap-4 sm:grid-cols-2">
        {fields.slice(0, 2).map((field) => renderField(field))}
      </div>
      {fields.slice(2).map((field) => renderField(field))}
      <Button type="submit" className="w-full" disabled={isBusy || isMismatch} aria-busy={isBusy || undefined}>
        {isBusy ? authCopy.creatingAccount : authCopy.signUp}
      </Button>
    </form>
  );

  function renderField(field: (typeof fields)[number]) {
    const isPassword = field.name === 'password';
    return (
      <FormField
        key={field.name}
        label={field.label}
        error={visibleErrors[field.name]}
        hint={isPassword ? authCopy.passwordHint(MIN_PASSWORD_LENGTH) : undefined}
      >
        <Input
          type={field.type}
          name={field.name}
          autoComplete={field.autoComplete}
          required={field.name !== 'companyName'}
          minLength={field.type === 'password' ? MIN_PASSWORD_LENGTH : undefined}
          maxLength={'maxLength' in field ? field.maxLength : undefined}
          value={values[field.name]}
          onChange={(event) => update(field.name, event.target.value)}
          disabled={isBusy}
        />
      </FormField>
    );
  }
}
