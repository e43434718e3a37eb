import { UserRoundCog } from 'lucide-react';
import { useState, type FormEvent } from 'react';
import { Button } from '@/components/ui/button';
import { Card, CardContent, CardDescription, CardHeader } from '@/components/ui/card';
import { dashboardCopy } from '@/config/account-copy';
import { marketingRoles, type MarketingRole } from '@/config/roles';
import { useUpdateProfile } from '@/features/dashboard/api/update-profile';
import { cn } from '@/lib/utils';

/** Onboarding for a user without a marketing role: pick one of the ten. */
export function RolePrompt() {
  const [role, setRole] = useState<MarketingRole | null>(null);
  const update = useUpdateProfile();

  function handleSubmit(event: FormEvent<HTMLFormElement>) {
    event.preventDefault();
    if (!role || update.isPending) return;
    update.mutate({ marketing_role: role });
  }

  return (
    <Card className="border-primary/40">
      <CardHeader>
        <h2 id="choose-role-title" className="flex items-center gap-2 text-xl font-semibold">
          <UserRoundCog className="h-5 w-5 text-primary" aria-hidden="true" />
          {dashboardCopy.chooseRoleTitle}
        </h2>
        <CardDescription>{dashboardCopy.chooseRoleDescription}</CardDescription>
      </CardHeader>
      <CardContent>
        <form onSubmit={handleSubmit} aria-labelledby="choose-role-title" className="space-y-4">
          <fieldset disabled={update.isPending}>
            <legend className="sr-only">{dashboardCopy.chooseRoleLegend}</legend>
            <div className="grid gap-2 sm:grid-cols-2 lg:grid-cols-5">
              {marketingRoles.map((entry) => (
                <label
                  key={entry.value}
                  className={cn(
                    'flex cursor-pointer items-start gap-2 rounded-md border p-3 text-sm hover:bg-accent has-[:focus-visible]:ring-2 has-[:focus-visible]:ring-ring',
                    role === entry.value && 'border-primary bg-primary/5',
                  )}
                >
                  <input
                    type="radio"
                    name="marketing_role"
                    value={entry.value}
                    checked={role === entry.value}
                    onChange={() => setRole(entry.value)}
                    className="mt-0.5 accent-primary"
                  />
                  <span>
                    <span className="block font-medium">{entry.label}</span>
                    <span className="block text-xs text-muted-foreground">{entry.moduleTitle}</span>
                  </span>
                </label>
              ))}
            </div>
          </fieldset>
          <Button type="submit" disabled={!role || update.isPending}>
            {update.isPending ? dashboardCopy.saving : dashboardCopy.saveRole}
          </Button>
        </form>
      </CardContent>
    </Card>
  );
}
