import { messages } from '@/config/messages';
import { isEmailAddress } from '@/features/auth/utils/sign-up-validation';

export interface SignInValues {
  email: string;
  password: string;
}

export type SignInErrors = Partial<Record<keyof SignInValues, string>>;

/** Spec §5: e-mail (an e-mail address) and password required. */
export function validateSignIn(values: SignInValues): SignInErrors {
  const errors: SignInErrors = {};
  if (values.email.trim() === '') errors.email = messages.auth.emailRequired;
  else if (!isEmailAddress(values.email)) errors.email = messages.auth.emailInvalid;
  if (values.password === '') errors.password = messages.auth.passwordRequired;
  return errors;
}
