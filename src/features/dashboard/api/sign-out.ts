import { useRef, useState } from 'react';
import { toast } from '@/lib/toast';
import { messages } from '@/config/messages';
import { useAuth } from '@/lib/auth';

/**
 * Spec §4: sign out globally, clear the stored auth keys, toast 'Signed out successfully'; the signed-in guard then
 * moves to /auth after 500 ms. An error shows the server's message and keeps the user signed in.
 */
export function useSignOut() {
  const { signOut } = useAuth();
  const [isPending, setPending] = useState(false);
  const inFlight = useRef(false);

  async function handleSignOut() {
    if (inFlight.current) return;
    inFlight.current = true;
    setPending(true);
    const { error } = await signOut();
    inFlight.current = false;
    setPending(false);
    if (error) toast.error(error.message || messages.auth.unexpected);
    else toast.success(messages.auth.signedOut);
  }

  return { signOut: handleSignOut, isPending };
}
