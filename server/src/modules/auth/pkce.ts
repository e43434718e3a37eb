import { createHash, timingSafeEqual } from 'node:crypto';
import { badRequest } from './auth-error';

/**
 * PKCE as GoTrue checks it (`internal/api/pkce.go`, `internal/security/pkce.go`): a flow is PKCE when the request
 * carries a code challenge (RFC 7636, 43-128 characters of `[A-Za-z0-9._~-]`) with its method (`s256` or `plain`,
 * any case); the code verifier is compared in constant time.
 */

export const PKCE_PREFIX = 'pkce_';
const MIN_CHALLENGE = 43;
const MAX_CHALLENGE = 128;
const CHALLENGE_PATTERN = /^[a-zA-Z._~0-9-]+$/;

export type FlowType = 'pkce' | 'implicit';

export interface PkceParams {
  code_challenge?: string;
  code_challenge_method?: string;
}

/** The challenge a PKCE flow started with. */
export interface PkceChallenge {
  challenge: string;
  method: 's256' | 'plain';
}

/** GoTrue's `validatePKCEParams`: the challenge of a PKCE flow, undefined for the implicit flow. */
export function checkPkceParams(params: PkceParams): PkceChallenge | undefined {
  const challenge = params.code_challenge ?? '';
  const method = params.code_challenge_method ?? '';
  if ((challenge === '') !== (method === '')) {
    throw badRequest('validation_failed', 'PKCE flow requires code_challenge_method and code_challenge');
  }
  if (challenge === '') return undefined;
  if (challenge.length < MIN_CHALLENGE || challenge.length > MAX_CHALLENGE) {
    throw badRequest('validation_failed', `code challenge has to be between ${MIN_CHALLENGE} and ${MAX_CHALLENGE} characters`);
  }
  if (!CHALLENGE_PATTERN.test(challenge)) {
    throw badRequest('validation_failed', 'code challenge can only contain alphanumeric characters, hyphens, periods, underscores and tildes');
  }
  const normalized = method.toLowerCase();
  if (normalized !== 's256' && normalized !== 'plain') {
    throw badRequest('validation_failed', `unsupported code_challenge method "${method}"`);
  }
  return { challenge, method: normalized };
}

function equalInConstantTime(a: string, b: string): boolean {
  const left = Buffer.from(a);
  const right = Buffer.from(b);
  // timingSafeEqual needs equal lengths; comparing with itself keeps the time independent of where they differ.
  return left.length === right.length ? timingSafeEqual(left, right) : (timingSafeEqual(left, left), false);
}

/** True when `verifier` answers `challenge` under `method`. */
export function verifierMatches(challenge: string, method: string, verifier: string): boolean {
  const expected = method === 'plain' ? verifier : createHash('sha256').update(verifier).digest('base64url');
  return equalInConstantTime(challenge, expected);
}
