import { messages, MIN_PASSWORD_LENGTH } from '@/config/messages';

export interface SignUpValues {
  firstName: string;
  lastName: string;
  companyName: string;
  email: string;
  password: string;
  confirmPassword: string;
}

export type SignUpErrors = Partial<Record<keyof SignUpValues, string>>;

export const emptySignUpValues: SignUpValues = {
  firstName: '',
  lastName: '',
  companyName: '',
  email: '',
  password: '',
  confirmPassword: '',
};

/** A pragmatic e-mail check (what `type="email"` accepts, roughly): something@something.tld, no spaces. */
export function isEmailAddress(value: string): boolean {
  return /^[^\s@]+@[^\s@]+\.[^\s@]+$/.test(value.trim());
}

/** Spec §5: only when both password fields are filled and differ. */
export function passwordsMismatch(values: Pick<SignUpValues, 'password' | 'confirmPassword'>): boolean {
  return values.password !== '' && values.confirmPassword !== '' && values.password !== values.confirmPassword;
}

/** Spec §5: names, e-mail and both passwords required; company optional; password at least 6 characters. */
export function validateSignUp(values: SignUpValues): SignUpErrors {
  const errors: SignUpErrors = {};
  if (values.firstName.trim() === '') errors.firstName = messages.auth.firstNameRequired;
  if (values.lastName.trim() === '') errors.lastName = messages.auth.lastNameRequired;
  if (values.email.trim() === '') errors.email = messages.auth.emailRequired;
  else if (!isEmailAddress(values.email)) errors.email = messages.auth.emailInvalid;
  if (values.password === '') errors.password = messages.auth.passwordRequired;
  else if (values.password.length < MIN_PASSWORD_LENGTH) errors.password = messages.auth.passwordTooShort(MIN_PASSWORD_LENGTH);
  if (values.confirmPassword === '') errors.confirmPassword = messages.auth.confirmPasswordRequired;
  else if (passwordsMismatch(values)) errors.confirmPassword = messages.auth.passwordsDoNotMatch;
  return errors;
}

export function hasErrors(errors: object): boolean {
  return Object.keys(errors).length > 0;
}

/** What sign-up sends: trimmed names and e-mail; the password exactly as typed. */
export function toSignUpRequest(values: SignUpValues) {
  return {
    email: values.email.trim(),
    password: values.password,
    firstName: values.firstName.trim(),
    lastName: values.lastName.trim(),
    companyName: values.companyName.trim(),
  };
}

export type SignUpRequest = ReturnType<typeof toSignUpRequest>;
