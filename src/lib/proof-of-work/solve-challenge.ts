import { chunksOf, progressOf, proofPayload, workerCount, type ProofChallenge, type SolverReply, type SolverRequest } from './challenge';

export interface SolveOptions {
  /** Whole percent of the numbers tried so far (0–99), as the workers report. */
  onProgress?: (percent: number) => void;
  signal?: AbortSignal;
}

/**
 * Solves an ALTCHA challenge in Web Workers (one per core, at most four, each trying its own chunks), off the main
 * thread, and resolves with the payload for the `X-Altcha` header. Rejects when a worker fails (no Web Crypto, say),
 * when no number solves it, or when aborted; every worker is stopped either way.
 */
export function solveChallenge(challenge: ProofChallenge, options: SolveOptions = {}): Promise<string> {
  const count = workerCount(typeof navigator === 'undefined' ? undefined : navigator.hardwareConcurrency);
  const workers: Worker[] = [];
  return new Promise<string>((resolve, reject) => {
    let tried = 0;
    let exhausted = 0;
    let settled = false;
    const finish = (outcome: () => void) => {
      if (settled) return;
      settled = true;
      for (const worker of workers) worker.terminate();
      options.signal?.removeEventListener('abort', abort);
      outcome();
    };
    const abort = () => finish(() => reject(new DOMException('The check was stopped.', 'AbortError')));
    if (options.signal?.aborted) return abort();
    options.signal?.addEventListener('abort', abort);

    const handle = (reply: SolverReply) => {
      if (reply.type === 'solved') return finish(() => resolve(proofPayload(challenge, reply.number)));
      if (reply.type === 'failed') return finish(() => reject(new Error(`The browser could not solve the check: ${reply.message}`)));
      if (reply.type === 'exhausted') {
        exhausted += 1;
        if (exhausted === count) finish(() => reject(new Error('No answer to the check was found.')));
        return;
      }
      tried += reply.tried;
      options.onProgress?.(progressOf(tried, challenge.maxnumber));
    };

    for (let index = 0; index < count; index += 1) {
      const worker = new Worker(new URL('./solver.worker.ts', import.meta.url), { type: 'module', name: 'proof-of-work' });
      workers.push(worker);
      worker.onmessage = (event: MessageEvent<SolverReply>) => handle(event.data);
      worker.onerror = (event) => finish(() => reject(new Error(`The browser could not solve the check: ${event.message || 'worker error'}`)));
      const request: SolverRequest = { challenge: challenge.challenge, salt: challenge.salt, algorithm: challenge.algorithm, chunks: chunksOf(index, count, challenge.maxnumber) };
      worker.postMessage(request);
    }
  });
}
