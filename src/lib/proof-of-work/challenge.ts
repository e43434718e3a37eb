/**
 * The proof of work the database asks of a public form under load (docs/decisions/0016-contact-form-under-load.md):
 * an ALTCHA challenge (the classic protocol of `altcha-lib/v1`) in the `hint` of a 403 `challenge_required`
 * refusal, solved off the main thread (solve-challenge.ts) and sent back, base64 of the solution JSON, in the
 * `X-Altcha` header. Pure functions, tested case by case.
 */

export interface ProofChallenge {
  algorithm: 'SHA-256';
  challenge: string;
  maxnumber: number;
  salt: string;
  signature: string;
}

/** The request header that carries a solution. */
export const PROOF_HEADER = 'x-altcha';
/** The most work a challenge may ask of a browser: beyond it the form gives up and offers e-mail. */
export const MAX_WORK = 10_000_000;

const HEX_64 = /^[0-9a-f]{64}$/;

/** The challenge of a `challenge_required` refusal (supabase-js's error), or null for any other error. */
export function challengeOf(error: unknown): ProofChallenge | null {
  if (typeof error !== 'object' || error === null) return null;
  const { code, details, hint } = error as { code?: unknown; details?: unknown; hint?: unknown };
  if (code !== 'PT403' || details !== 'challenge_required' || typeof hint !== 'string') return null;
  let parsed: unknown;
  try {
    parsed = JSON.parse(hint);
  } catch {
    return null;
  }
  const candidate = parsed as Partial<Record<keyof ProofChallenge, unknown>> | null;
  if (
    !candidate ||
    candidate.algorithm !== 'SHA-256' ||
    typeof candidate.challenge !== 'string' ||
    !HEX_64.test(candidate.challenge) ||
    typeof candidate.signature !== 'string' ||
    typeof candidate.salt !== 'string' ||
    candidate.salt.length === 0 ||
    candidate.salt.length > 200 ||
    !Number.isSafeInteger(candidate.maxnumber) ||
    (candidate.maxnumber as number) < 1 ||
    (candidate.maxnumber as number) > MAX_WORK
  ) {
    return null;
  }
  const { algorithm, challenge, maxnumber, salt, signature } = candidate as ProofChallenge;
  return { algorithm, challenge, maxnumber, salt, signature };
}

/** What the server verifies: base64 of ALTCHA's solution JSON. */
export function proofPayload(challenge: ProofChallenge, number: number): string {
  const { algorithm, salt, signature } = challenge;
  return btoa(JSON.stringify({ algorithm, challenge: challenge.challenge, number, salt, signature }));
}

/** Numbers a worker tries between two progress reports. */
export const CHUNK = 5_000;

/** The chunks of worker `index` of `workers`: every `workers`-th chunk of CHUNK numbers, from its own. */
export function chunksOf(index: number, workers: number, maxnumber: number): { from: number; to: number }[] {
  const chunks: { from: number; to: number }[] = [];
  for (let from = index * CHUNK; from <= maxnumber; from += workers * CHUNK) {
    chunks.push({ from, to: Math.min(from + CHUNK - 1, maxnumber) });
  }
  return chunks;
}

/** Whole percent of the numbers tried (the answer may come at any point: this is the most that is left). */
export function progressOf(tried: number, maxnumber: number): number {
  if (maxnumber <= 0) return 0;
  return Math.max(0, Math.min(99, Math.floor((tried / (maxnumber + 1)) * 100)));
}

/** Workers to solve with: the machine's cores, at least one, at most four. */
export function workerCount(hardwareConcurrency: number | undefined): number {
  return Math.max(1, Math.min(4, Math.floor(hardwareConcurrency ?? 2) || 1));
}

/** Messages between the page and a solving worker. */
export type SolverRequest = { challenge: string; salt: string; algorithm: 'SHA-256'; chunks: { from: number; to: number }[] };
export type SolverReply = { type: 'progress'; tried: number } | { type: 'solved'; number: number } | { type: 'exhausted' } | { type: 'failed'; message: string };
