import { solveChallenge } from 'altcha-lib/v1';
import type { SolverReply, SolverRequest } from './challenge';

/**
 * Solves its share of an ALTCHA challenge off the page's main thread: altcha-lib's solver over each chunk of numbers
 * in turn, a progress report after each. The page starts one worker per core and stops them all at the first answer.
 */
/** The worker's global scope, typed by what it uses (the DOM library's `self` is a window). */
const scope = self as unknown as {
  postMessage(message: SolverReply): void;
  onmessage: ((event: MessageEvent<SolverRequest>) => void) | null;
};
const reply = (message: SolverReply) => scope.postMessage(message);

scope.onmessage = async (event: MessageEvent<SolverRequest>) => {
  const { challenge, salt, algorithm, chunks } = event.data;
  try {
    for (const { from, to } of chunks) {
      const solution = await solveChallenge(challenge, salt, algorithm, to, from).promise;
      if (solution) return reply({ type: 'solved', number: solution.number });
      reply({ type: 'progress', tried: to - from + 1 });
    }
    reply({ type: 'exhausted' });
  } catch (error) {
    reply({ type: 'failed', message: error instanceof Error ? error.message : String(error) });
  }
};
