import { Secret, TOTP } from 'otpauth';
import QRCode from 'qrcode';

/**
 * TOTP (RFC 6238) as GoTrue's factors use it (pquerna/otp defaults): SHA-1, 6 digits, 30-second steps, a 20-byte
 * secret, one step of skew either way. `otpauth` (RFC 4226/6238, constant-time comparison, no dependencies beyond
 * @noble/hashes) does the arithmetic; `qrcode` draws the enrolment URI as SVG, as GoTrue returns it.
 */
export const TOTP_PERIOD_SECONDS = 30;
const DIGITS = 6;
const SKEW_STEPS = 1;

export interface TotpKey {
  /** Base32, what authenticator apps take when typed in. */
  secret: string;
  /** `otpauth://totp/<issuer>:<account>?issuer=…&secret=…&algorithm=SHA1&digits=6&period=30` */
  uri: string;
}

export function newTotpKey(issuer: string, accountName: string): TotpKey {
  const totp = new TOTP({ issuer, label: accountName, secret: new Secret({ size: 20 }), digits: DIGITS, period: TOTP_PERIOD_SECONDS });
  return { secret: totp.secret.base32, uri: totp.toString() };
}

/**
 * The enrolment URI as an SVG QR code. supabase-js makes it `data:image/svg+xml;utf-8,<svg…>`, where a `#` would end
 * the data: the colours are named instead of written as hex.
 */
export async function qrCodeSvg(uri: string): Promise<string> {
  const svg = await QRCode.toString(uri, { type: 'svg', errorCorrectionLevel: 'M', margin: 2, width: 200 });
  return svg.replace(/"#ffffff"/gi, '"white"').replace(/"#000000"/gi, '"black"').trim();
}

/** The time step `code` belongs to when it is right for `secret` at `nowMs` (± one step), else null. */
export function matchingStep(secret: string, code: string, nowMs = Date.now()): number | null {
  if (!/^\d{6}$/.test(code)) return null;
  const totp = new TOTP({ secret: Secret.fromBase32(secret), digits: DIGITS, period: TOTP_PERIOD_SECONDS });
  const delta = totp.validate({ token: code, timestamp: nowMs, window: SKEW_STEPS });
  return delta === null ? null : Math.floor(nowMs / 1000 / TOTP_PERIOD_SECONDS) + delta;
}
