import { MailCheck } from 'lucide-react';
import { useEffect, useRef, useState, type FormEvent } from 'react';
import { toast } from '@/lib/toast';
import { Button } from '@/components/ui/button';
import { CodeInput } from '@/components/ui/code-input';
import { FormField } from '@/components/ui/form-field';
import { Input } from '@/components/ui/input';
import { authCopy } from '@/config/account-copy';
import { messages } from '@/config/messages';
import { signInLinkCopy } from '@/config/security-copy';
import { useSendSignInLink } from '@/features/auth/api/send-sign-in-link';
import { useVerifyEmailCode } from '@/features/auth/api/verify-email-code';
import { FormError } from '@/features/auth/components/form-error';
import { validateSignIn } from '@/features/auth/utils/sign-in-validation';
import { codeError, secondsUntilResend } from '@/lib/one-time-code';
import { securityErrorMessage } from '@/lib/security-errors';

interface SignInLinkFormProps {
  initialEmail: string;
  onUsePassword(email: string): void;
  /** A request starts (true) or ends without a session (false): the screen must not redirect meanwhile. */
  onBusyChange(busy: boolean): void;
  onSignedIn(): void;
}

/** Seconds until another link may be asked for, ticking while there is a wait. */
function useResendWait(sentAt: number | null): number {
  const [now, setNow] = useState(() => Date.now());
  const wait = secondsUntilResend(sentAt, now);
  useEffect(() => {
    if (wait === 0) return;
    const timer = setInterval(() => setNow(Date.now()), 1000);
    return () => clearInterval(timer);
  }, [wait, sentAt]);
  return sentAt === null ? 0 : wait;
}

/**
 * "Email me a sign-in link": the address, then the e-mail's link (which brings the browser back signed in) or its
 * 6-digit code typed here. The answer is the same whether or not the address has an account.
 */
export function SignInLinkForm({ initialEmail, onUsePassword, onBusyChange, onSignedIn }: SignInLinkFormProps) {
  const [email, setEmail] = useState(initialEmail);
  const [emailError, setEmailError] = useState<string | undefined>();
  const [sentTo, setSentTo] = useState<string | null>(null);
  const [sentAt, setSentAt] = useState<number | null>(null);
  const [code, setCode] = useState('');
  const [fieldError, setFieldError] = useState<string | undefined>();
  const [formError, setFormError] = useState<string | null>(null);
  const send = useSendSignInLink();
  const verify = useVerifyEmailCode();
  const wait = useResendWait(sentAt);
  const codeInput = useRef<HTMLInputElement>(null);

  function sendLink(address: string, isResend: boolean) {
    setFormError(null);
    send.mutate(address, {
      onSuccess: () => {
        setSentTo(address.trim());
        setSentAt(Date.now());
        if (isResend) toast.success(signInLinkCopy.resent);
      },
      onError: (error) => setFormError(securityErrorMessage(error)),
    });
  }

  function handleSend(event: FormEvent<HTMLFormElement>) {
    event.preventDefault();
    if (send.isPending) return;
    const error = validateSignIn({ email, password: '-' }).email;
    setEmailError(error);
    if (!error) sendLink(email, false);
  }

  function handleVerify(event: FormEvent<HTMLFormElement>) {
    event.preventDefault();
    if (verify.isPending || !sentTo) return;
    const error = codeError(code) ?? undefined;
    setFieldError(error);
    if (error) return void codeInput.current?.focus();
    setFormError(null);
    onBusyChange(true);
    verify.mutate(
      { email: sentTo, code },
      {
        onSuccess: () => {
          toast.success(messages.auth.welcomeBack);
          onSignedIn();
        },
        onError: (failure) => {
          setFormError(securityErrorMessage(failure));
          onBusyChange(false);
        },
      },
    );
  }

  if (!sentTo) {
    return (
      <form noValidate onSubmit={handleSend} className="space-y-4" aria-label={signInLinkCopy.switchToLink}>
        <p className="text-sm text-muted-foreground">{signInLinkCopy.description}</p>
        <FormError message={formError} />
        <FormField label={authCopy.email} error={emailError}>
          <Input type="email" name="email" autoComplete="email" required value={email} onChange={(event) => setEmail(event.target.value)} disabled={send.isPending} />
        </FormField>
        <Button type="submit" className="w-full" disabled={send.isPending} aria-busy={send.isPending || undefined}>
          {send.isPending ? signInLinkCopy.sending : signInLinkCopy.send}
        </Button>
        <Button type="button" variant="link" className="w-full" onClick={() => onUsePassword(email)}>
          {signInLinkCopy.switchToPassword}
        </Button>
      </form>
    );
  }

  return (
    <div className="space-y-4">
      <div role="status" className="flex gap-3 rounded-md border bg-muted/50 p-3 text-sm">
        <MailCheck className="mt-0.5 h-5 w-5 shrink-0 text-primary" aria-hidden="true" />
        <div className="space-y-1">
          <p className="font-medium">{signInLinkCopy.sentTitle}</p>
          <p>{signInLinkCopy.sent(sentTo)}</p>
          <p className="text-muted-foreground">{signInLinkCopy.noAccountHint}</p>
        </div>
      </div>
      <FormError message={formError} />
      <form noValidate onSubmit={handleVerify} className="space-y-4" aria-label={signInLinkCopy.verify}>
        <FormField label={signInLinkCopy.codeLabel} error={fieldError}>
          <CodeInput
            ref={codeInput}
            value={code}
            onChange={(event) => setCode(event.target.value)}
            disabled={verify.isPending}
          />
        </FormField>
        <Button type="submit" className="w-full" disabled={verify.isPending} aria-busy={verify.isPending || undefined}>
          {verify.isPending ? signInLinkCopy.verifying : signInLinkCopy.verify}
        </Button>
      </form>
      <div className="flex flex-col gap-1 sm:flex-row sm:justify-between">
        <Button type="button" variant="link" disabled={wait > 0 || send.isPending} onClick={() => sendLink(sentTo, true)}>
          {wait > 0 ? signInLinkCopy.resendIn(wait) : signInLinkCopy.resend}
        </Button>
        <Button type="button" variant="link" onClick={() => setSentTo(null)}>
          {signInLinkCopy.useAnotherAddress}
        </Button>
      </div>
    </div>
  );
}
