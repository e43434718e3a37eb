/** What went wrong with an outbound request, in words fit for a delivery log or a crawl report. */
export type OutboundErrorCode =
  | 'invalid_url'
  | 'scheme'
  | 'port'
  | 'address'
  | 'dns'
  | 'connect'
  | 'timeout'
  | 'too_many_redirects'
  | 'redirect_loop'
  | 'redirect_invalid'
  | 'too_large'
  | 'encoding'
  | 'network';

export class OutboundError extends Error {
  override name = 'OutboundError';
  constructor(
    readonly code: OutboundErrorCode,
    message: string,
    options?: { cause?: unknown },
  ) {
    super(message, options);
  }
}

/** The OutboundError somewhere in an error's cause chain (undici wraps what a connector reports). */
export function findOutboundError(error: unknown): OutboundError | null {
  for (let current = error, depth = 0; current && depth < 5; depth += 1) {
    if (current instanceof OutboundError) return current;
    current = (current as { cause?: unknown }).cause;
  }
  return null;
}

const NETWORK_CODES: Record<string, [OutboundErrorCode, string]> = {
  ECONNREFUSED: ['connect', 'the connection was refused'],
  ECONNRESET: ['network', 'the connection was reset'],
  EHOSTUNREACH: ['connect', 'the host cannot be reached'],
  ENETUNREACH: ['connect', 'the network cannot be reached'],
  ENOTFOUND: ['dns', 'the host name does not resolve'],
  EAI_AGAIN: ['dns', 'the host name could not be resolved just now'],
  UND_ERR_CONNECT_TIMEOUT: ['timeout', 'connecting took too long'],
  UND_ERR_HEADERS_TIMEOUT: ['timeout', 'the server took too long to answer'],
  UND_ERR_BODY_TIMEOUT: ['timeout', 'the server took too long to send its answer'],
  UND_ERR_SOCKET: ['network', 'the connection closed unexpectedly'],
  CERT_HAS_EXPIRED: ['connect', 'its TLS certificate has expired'],
  DEPTH_ZERO_SELF_SIGNED_CERT: ['connect', 'its TLS certificate is self-signed'],
  ERR_TLS_CERT_ALTNAME_INVALID: ['connect', 'its TLS certificate is for another host name'],
  UNABLE_TO_VERIFY_LEAF_SIGNATURE: ['connect', 'its TLS certificate cannot be verified'],
};

/** Any failure of a request as an OutboundError (unknown ones keep their message, never a stack). */
export function toOutboundError(error: unknown): OutboundError {
  const known = findOutboundError(error);
  if (known) return known;
  for (let current = error, depth = 0; current && depth < 5; depth += 1) {
    const code = (current as { code?: string }).code;
    const name = (current as { name?: string }).name;
    if (name === 'TimeoutError') return new OutboundError('timeout', 'the request took too long', { cause: error });
    if (code && NETWORK_CODES[code]) {
      const [kind, words] = NETWORK_CODES[code];
      return new OutboundError(kind, words, { cause: error });
    }
    current = (current as { cause?: unknown }).cause;
  }
  const message = error instanceof Error ? error.message : String(error);
  return new OutboundError('network', message.slice(0, 300) || 'the request failed', { cause: error });
}
