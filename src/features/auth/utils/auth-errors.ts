import { messages } from '@/config/messages';

interface ErrorLike {
  message?: unknown;
}

function messageOf(error: unknown): string {
  const message = error && typeof error === 'object' ? (error as ErrorLike).message : undefined;
  return typeof message === 'string' && message.trim() !== '' ? message : messages.auth.unexpected;
}

/** Spec §8: the two sign-in messages the product rewrites; any other error keeps its own message. */
export function signInErrorMessage(error: unknown): string {
  const message = messageOf(error);
  if (message.includes('Invalid login credentials')) return messages.auth.invalidCredentials;
  if (message.includes('Email not confirmed')) return messages.auth.emailNotConfirmed;
  return message;
}

/** Spec §8: sign-up and sign-out errors show the error's own message. */
export function authErrorMessage(error: unknown): string {
  return messageOf(error);
}
