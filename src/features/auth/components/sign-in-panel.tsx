import { useState } from 'react';
import { SignInForm } from '@/features/auth/components/sign-in-form';
import { SignInLinkForm } from '@/features/auth/components/sign-in-link-form';

interface SignInPanelProps {
  initialEmail: string | null;
  onBusyChange(busy: boolean): void;
  onSignedIn(): void;
}

/** The Sign In tab: the password form, or "Email me a sign-in link"; the address typed goes along when switching. */
export function SignInPanel({ initialEmail, onBusyChange, onSignedIn }: SignInPanelProps) {
  const [mode, setMode] = useState<{ kind: 'password' | 'link'; email: string }>({ kind: 'password', email: initialEmail ?? '' });
  if (mode.kind === 'link') {
    return (
      <SignInLinkForm
        initialEmail={mode.email}
        onUsePassword={(email) => setMode({ kind: 'password', email })}
        onBusyChange={onBusyChange}
        onSignedIn={onSignedIn}
      />
    );
  }
  return (
    <SignInForm
      onBusyChange={onBusyChange}
      onSignedIn={onSignedIn}
      initialEmail={mode.email}
      onUseLink={(email) => setMode({ kind: 'link', email })}
    />
  );
}
