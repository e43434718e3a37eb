import { escapeHtml } from '../../lib/escape-html';
import { goQueryEscape } from './verify-redirect';

/** The e-mails the auth server sends: GoTrue's default subjects and templates, with a plain-text part. */
export type EmailKind = 'signup' | 'recovery' | 'magiclink' | 'email_change_new' | 'email_change_current' | 'reauthentication';

export interface EmailContent {
  subject: string;
  text: string;
  html: string;
}

/** `<site>/auth/v1/verify?token=…&type=…&redirect_to=…`: opened in the browser, answered with a 303. */
export function verifyLink(siteUrl: string, token: string, type: string, redirectTo: string): string {
  return `${siteUrl}/auth/v1/verify?token=${goQueryEscape(token)}&type=${goQueryEscape(type)}&redirect_to=${goQueryEscape(redirectTo)}`;
}

export function composeEmail(
  kind: EmailKind,
  input: { link: string; otp: string; email: string; newEmail?: string },
): EmailContent {
  const link = escapeHtml(input.link);
  const code = escapeHtml(input.otp);
  switch (kind) {
    case 'signup':
      return {
        subject: 'Confirm Your Email',
        text: `Confirm your email\n\nFollow this link to confirm your email:\n${input.link}\n\nAlternatively, enter the code: ${input.otp}\n`,
        html: `<h2>Confirm your email</h2>\n\n<p>Follow this link to confirm your email:</p>\n<p><a href="${link}">Confirm your email address</a></p>\n<p>Alternatively, enter the code: ${code}</p>\n`,
      };
    case 'recovery':
      return {
        subject: 'Reset Your Password',
        text: `Reset Password\n\nFollow this link to reset the password for your user:\n${input.link}\n\nAlternatively, enter the code: ${input.otp}\n`,
        html: `<h2>Reset Password</h2>\n\n<p>Follow this link to reset the password for your user:</p>\n<p><a href="${link}">Reset Password</a></p>\n<p>Alternatively, enter the code: ${code}</p>\n`,
      };
    case 'magiclink':
      return {
        subject: 'Your sign-in link',
        text: `Your sign-in link\n\nFollow this link to sign in. It expires and can only be used once:\n${input.link}\n\nAlternatively, enter the code: ${input.otp}\n`,
        html: `<h2>Your sign-in link</h2>\n\n<p>Follow the link below to sign in. It expires and can only be used once.</p>\n<p><a href="${link}">Sign in</a></p>\n<p>Alternatively, enter the code: ${code}</p>\n`,
      };
    case 'reauthentication':
      return {
        subject: `${input.otp} is your verification code`,
        text: `Your verification code\n\nUse this code to verify your identity. It expires shortly:\n${input.otp}\n`,
        html: `<h2>Your verification code</h2>\n\n<p>Use the code below to verify your identity. It expires shortly.</p>\n<p>${code}</p>\n`,
      };
    case 'email_change_new':
    case 'email_change_current': {
      const from = input.email;
      const to = input.newEmail ?? '';
      return {
        subject: 'Confirm Email Change',
        text: `Confirm Change of Email\n\nFollow this link to confirm the update of your email from ${from} to ${to}:\n${input.link}\n\nAlternatively, enter the code: ${input.otp}\n`,
        html: `<h2>Confirm Change of Email</h2>\n\n<p>Follow this link to confirm the update of your email from ${escapeHtml(from)} to ${escapeHtml(to)}:</p>\n<p><a href="${link}">Change Email</a></p>\n<p>Alternatively, enter the code: ${code}</p>\n`,
      };
    }
  }
}
