import type { ComponentProps } from 'react';
import { Input } from '@/components/ui/input';

/**
 * A field for a 6-digit code (an e-mail's or an authenticator app's): the phone's digit keyboard, the browser's
 * one-time-code autofill, and room for a pasted "123 456".
 */
export function CodeInput(props: Omit<ComponentProps<'input'>, 'type' | 'inputMode' | 'autoComplete'>) {
  return <Input name="code" inputMode="numeric" autoComplete="one-time-code" maxLength={12} {...props} />;
}
