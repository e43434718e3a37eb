/** A 6-digit code as people type or paste it: spaces and dashes are dropped ("123 456", "123-456"). */
export function normalizeCode(input: string): string {
  return input.replace(/[\s-]/g, '');
}

/** The error to show beside a code field, or null when the code can be sent. */
export function codeError(input: string): string | null {
  const code = normalizeCode(input);
  if (code === '') return 'Enter the 6-digit code.';
  if (!/^\d+$/.test(code)) return 'The code has digits only.';
  if (code.length !== 6) return `The code has 6 digits (this one has ${code.length}).`;
  return null;
}

/** Seconds left before another e-mail may be asked for, from when the last one was sent (whole seconds, ≥ 0). */
export function secondsUntilResend(sentAtMs: number | null, nowMs: number, intervalSeconds = 60): number {
  if (sentAtMs === null) return 0;
  return Math.max(0, Math.ceil((sentAtMs + intervalSeconds * 1000 - nowMs) / 1000));
}
