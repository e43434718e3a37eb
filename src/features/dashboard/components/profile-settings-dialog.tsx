import { Settings, ShieldCheck } from 'lucide-react';
import { useState, type FormEvent } from 'react';
import { Link } from 'react-router';
import { Button } from '@/components/ui/button';
import { buttonVariants } from '@/components/ui/button-variants';
import { Dialog, DialogContent, DialogDescription, DialogFooter, DialogHeader, DialogTitle, DialogTrigger } from '@/components/ui/dialog';
import { FormField } from '@/components/ui/form-field';
import { Input } from '@/components/ui/input';
import { Select, SelectContent, SelectItem, SelectTrigger, SelectValue } from '@/components/ui/select';
import { authCopy, dashboardCopy } from '@/config/account-copy';
import { paths } from '@/config/paths';
import { accountSecurityCopy } from '@/config/security-copy';
import { marketingRoles } from '@/config/roles';
import { useUpdateProfile } from '@/features/dashboard/api/update-profile';
import {
  NO_ROLE,
  profileChanges,
  profileFormValues,
  validateProfileForm,
  type ProfileFormErrors,
  type ProfileFormValues,
} from '@/features/dashboard/utils/profile-form';
import type { Profile } from '@/lib/auth';
import { useOneAtATime } from '@/lib/use-one-at-a-time';
import { cn } from '@/lib/utils';

/**
 * Change first name, last name and marketing role. A failed save keeps the dialog open with what was typed.
 * Opened from the gear in the desktop header, or from a labelled entry of the phone's account menu.
 */
export function ProfileSettingsDialog({
  profile,
  trigger = 'icon',
  defaultOpen = false,
}: {
  profile: Profile;
  trigger?: 'icon' | 'menu-item';
  /** Open at once (its button was clicked before the dialog's code was loaded). */
  defaultOpen?: boolean;
}) {
  const [isOpen, setOpen] = useState(defaultOpen);
  const [values, setValues] = useState<ProfileFormValues>(() => profileFormValues(profile));
  const [errors, setErrors] = useState<ProfileFormErrors>({});
  const update = useUpdateProfile();
  const runOne = useOneAtATime();

  function handleOpenChange(open: boolean) {
    if (update.isPending) return;
    if (open) {
      setValues(profileFormValues(profile));
      setErrors({});
    }
    setOpen(open);
  }

  function handleSubmit(event: FormEvent<HTMLFormElement>) {
    event.preventDefault();
    if (update.isPending) return;
    const found = validateProfileForm(values);
    setErrors(found);
    if (Object.keys(found).length > 0) return;
    const changes = profileChanges(profile, values);
    if (Object.keys(changes).length === 0) {
      setOpen(false);
      return;
    }
    runOne(() => update.mutateAsync(changes).then(() => setOpen(false)));
  }

  return (
    <Dialog open={isOpen} onOpenChange={handleOpenChange}>
      <DialogTrigger asChild>
        {trigger === 'icon' ? (
          <Button variant="ghost" size="icon" aria-label={dashboardCopy.profileSettings} title={dashboardCopy.profileSettings}>
            <Settings aria-hidden="true" />
          </Button>
        ) : (
          <Button variant="ghost" className="w-full justify-start">
            <Settings aria-hidden="true" />
            {dashboardCopy.profileSettings}
          </Button>
        )}
      </DialogTrigger>
      <DialogContent>
        <DialogHeader>
          <DialogTitle>{dashboardCopy.profileSettings}</DialogTitle>
          <DialogDescription>{dashboardCopy.profileSettingsDescription}</DialogDescription>
        </DialogHeader>
        <Link to={paths.accountSecurity} className="inline-flex items-center gap-2 text-sm font-medium text-primary underline-offset-4 hover:underline">
          <ShieldCheck className="h-4 w-4" aria-hidden="true" />
          {accountSecurityCopy.profileLink}
        </Link>
        <form noValidate onSubmit={handleSubmit} className="space-y-4">
          <FormField label={authCopy.firstName} error={errors.firstName}>
            <Input
              autoComplete="given-name"
              maxLength={100}
              required
              value={values.firstName}
              onChange={(event) => setValues({ ...values, firstName: event.target.value })}
            />
          </FormField>
          <FormField label={authCopy.lastName} error={errors.lastName}>
            <Input
              autoComplete="family-name"
              maxLength={100}
              required
              value={values.lastName}
              onChange={(event) => setValues({ ...values, lastName: event.target.value })}
            />
          </FormField>
          <FormField label={dashboardCopy.chooseRoleLegend}>
            <RoleSelect value={values.role} onChange={(role) => setValues({ ...values, role })} />
          </FormField>
          <DialogFooter className="gap-2">
            <Button type="button" variant="outline" onClick={() => handleOpenChange(false)} disabled={update.isPending}>
              {dashboardCopy.cancel}
            </Button>
            <Button type="submit" disabled={update.isPending}>
              {update.isPending ? dashboardCopy.saving : dashboardCopy.saveProfile}
            </Button>
          </DialogFooter>
        </form>
      </DialogContent>
    </Dialog>
  );
}

interface RoleSelectProps {
  id?: string;
  value: ProfileFormValues['role'];
  onChange(value: ProfileFormValues['role']): void;
}

function RoleSelect({ id, value, onChange, ...rest }: RoleSelectProps) {
  return (
    <Select value={value} onValueChange={(next) => onChange(next as ProfileFormValues['role'])}>
      <SelectTrigger id={id} {...rest}>
        <SelectValue />
      </SelectTrigger>
      <SelectContent>
        <SelectItem value={NO_ROLE}>{dashboardCopy.noRoleOption}</SelectItem>
        {marketingRoles.map((role) => (
          <SelectItem key={role.value} value={role.value}>
            {role.label}
          </SelectItem>
        ))}
      </SelectContent>
    </Select>
  );
}

/**
 * The Account security page in the phone's account menu (loaded with the header's menus). On wide screens profile
 * settings link to it, and the notice of a workspace that requires two-factor does.
 */
export function AccountSecurityLink() {
  return (
    <Link to={paths.accountSecurity} className={cn(buttonVariants({ variant: 'ghost' }), 'w-full justify-start')}>
      <ShieldCheck aria-hidden="true" />
      {accountSecurityCopy.linkLabel}
    </Link>
  );
}
