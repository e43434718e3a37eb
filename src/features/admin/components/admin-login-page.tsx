import { Loader2 } from 'lucide-react';
import { useRef, useState, type FormEvent } from 'react';
import { Navigate, useNavigate } from 'react-router';
import { toast } from '@/lib/toast';
import { Button } from '@/components/ui/button';
import { Checkbox } from '@/components/ui/checkbox';
import { FormField } from '@/components/ui/form-field';
import { Input } from '@/components/ui/input';
import { Label } from '@/components/ui/label';
import { adminLoginCopy } from '@/config/admin-copy';
import { messages } from '@/config/messages';
import { paths } from '@/config/paths';
import { site } from '@/config/site';
import { AdminLoginError, useAdminSession } from '@/lib/admin-session';
import { adminLoginIntent, adminLoginSubmitLabel, type AdminLoginErrors, type AdminLoginValues } from './admin-login.utils';
import { LoadingLine } from './query-state';

/**
 * /admin-login (spec §2, §4, §8): the server checks the credentials and whether the account is a site admin;
 * 'Forgot password' turns the form into a reset request that validates and sends nothing.
 */
export function AdminLoginPage() {
  const { status, login } = useAdminSession();
  const navigate = useNavigate();
  const [values, setValues] = useState<AdminLoginValues>({ username: '', password: '', forgotPassword: false });
  const [errors, setErrors] = useState<AdminLoginErrors>({});
  const [isBusy, setBusy] = useState(false);
  const inFlight = useRef(false);

  if (!isBusy && status === 'admin') return <Navigate to={paths.admin} replace />;
  if (!isBusy && status === 'checking') {
    return (
      <main className="flex flex-1 items-center justify-center p-10">
        <LoadingLine>{adminLoginCopy.checking}</LoadingLine>
      </main>
    );
  }

  const update = <K extends keyof AdminLoginValues>(field: K, value: AdminLoginValues[K]) => {
    setValues((current) => ({ ...current, [field]: value }));
    if (field !== 'forgotPassword') setErrors((current) => ({ ...current, [field]: undefined }));
    else setErrors({});
  };

  const handleSubmit = async (event: FormEvent<HTMLFormElement>) => {
    event.preventDefault();
    if (inFlight.current) return;
    const intent = adminLoginIntent(values);
    if (intent.kind === 'request-reset') {
      toast(messages.admin.resetTitle, { description: messages.admin.resetDescription });
      return;
    }
    if (intent.kind === 'invalid') {
      setErrors(intent.errors);
      return;
    }
    inFlight.current = true;
    setBusy(true);
    try {
      await login(intent.username, intent.password);
      toast.success(messages.admin.loginSuccessTitle, { description: messages.admin.loginSuccessDescription });
      void navigate(paths.admin);
    } catch (error) {
      const isUnavailable = error instanceof AdminLoginError && error.reason === 'unavailable';
      if (isUnavailable) console.error('Admin login failed', error.cause ?? error);
      toast.error(messages.admin.loginFailedTitle, {
        description: isUnavailable ? adminLoginCopy.unavailableDescription : messages.admin.loginFailedDescription,
      });
      setBusy(false);
    } finally {
      inFlight.current = false;
    }
  };

  return (
    <main className="flex flex-1 items-center justify-center bg-muted/40 px-4 py-12">
      <title>{`${adminLoginCopy.title} | ${site.name}`}</title>
      <div className="w-full max-w-sm rounded-lg border bg-white p-6 shadow-sm">
        <h1 className="text-2xl font-semibold tracking-tight text-slate-900">{adminLoginCopy.title}</h1>
        <p className="mt-1 text-sm text-muted-foreground">{adminLoginCopy.description}</p>
        <form noValidate onSubmit={(event) => void handleSubmit(event)} aria-label={adminLoginCopy.title} className="mt-6 space-y-4">
          <FormField label={adminLoginCopy.username} error={errors.username}>
            <Input
              name="username"
              autoComplete="username"
              autoCapitalize="none"
              spellCheck={false}
              aria-required={!values.forgotPassword}
              value={values.username}
              onChange={(event) => update('username', event.target.value)}
              disabled={isBusy}
            />
          </FormField>
          <FormField label={adminLoginCopy.password} error={errors.password}>
            <Input
              name="password"
              type="password"
              autoComplete="current-password"
              aria-required={!values.forgotPassword}
              value={values.password}
              onChange={(event) => update('password', event.target.value)}
              disabled={isBusy}
            />
          </FormField>
          <div className="flex items-center gap-2">
            <Checkbox
              id="admin-forgot-password"
              checked={values.forgotPassword}
              onCheckedChange={(checked) => update('forgotPassword', checked === true)}
              disabled={isBusy}
            />
            <Label htmlFor="admin-forgot-password" className="cursor-pointer">
              {adminLoginCopy.forgotPassword}
            </Label>
          </div>
          <Button type="submit" className="w-full" disabled={isBusy} aria-busy={isBusy || undefined}>
            {isBusy ? <Loader2 className="animate-spin" aria-hidden="true" /> : null}
            {adminLoginSubmitLabel(values.forgotPassword)}
          </Button>
        </form>
      </div>
    </main>
  );
}
