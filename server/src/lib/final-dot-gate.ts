import { Transform, type Readable, type TransformCallback } from 'node:stream';

/**
 * The exactly-once gate (docs/decisions/0020-email-platform.md). A message's bytes pass through unchanged into
 * nodemailer's SMTP connection, which ends the DATA phase with the final "." only when this stream ends; the stream
 * ends only after `beforeFinalDot` resolved — the caller commits a durable marker there ("data complete, outcome
 * unknown"). From that moment the SMTP server may have the message whatever happens to this process, so a later
 * attempt that finds the marker without a recorded outcome must not send it again. If the marker cannot be written,
 * the stream fails and the dot is never sent: the message was not delivered and may be sent again.
 *
 * No read-ahead (`readableHighWaterMark: 0`): a chunk's write completes only once the reader took it, so `_flush` —
 * the marker — cannot run before the SMTP connection reads the message, which it does only after DATA's 354. With
 * the default 16 KB buffer a small message passed the gate whole before MAIL FROM and its marker was committed
 * while the envelope was still being answered (decision 0020, session 13): a connection dropped at MAIL or RCPT
 * then left a message never sent as "unconfirmed".
 */
export class FinalDotGate extends Transform {
  /** Whether the marker was committed (the final dot may have been written since). */
  markerWritten = false;
  /** Whether the marker's commit began (it may be committed whatever happens to this stream now). */
  markerBegun = false;

  constructor(private readonly beforeFinalDot: () => Promise<void>) {
    super({ readableHighWaterMark: 0 });
  }

  override _transform(chunk: Buffer, _encoding: BufferEncoding, callback: TransformCallback): void {
    callback(null, chunk);
  }

  override _flush(callback: TransformCallback): void {
    this.markerBegun = true;
    this.beforeFinalDot().then(
      () => {
        this.markerWritten = true;
        callback();
      },
      (error: unknown) => callback(error instanceof Error ? error : new Error(String(error))),
    );
  }
}

/**
 * One message's gate over all the times nodemailer streams it: a pool streams a message again over another connection
 * when the first one closed before a byte of it was read. Each time gets a gate of its own, the last stream of the
 * message (nodemailer's `processFunc`, which runs after its transforms and the final-newline step); a time after a
 * marker was written is refused (the stream fails: no second message after a final dot that may have gone out).
 */
export class MessageGate {
  private readonly gates: FinalDotGate[] = [];

  constructor(private readonly beforeFinalDot: () => Promise<void>) {}

  /** Whether a marker was committed by any of the message's streams. */
  get markerWritten(): boolean {
    return this.gates.some((gate) => gate.markerWritten);
  }

  /**
   * The message's stream `input` through a gate of its own; an error of `input` is the gate's (nodemailer's processFunc
   * contract; nodemailer destroys `input` when the gate fails). Piped, not `pipeline()`d: a pipeline costs each
   * message an AbortSignal and its DOMException (session 13's profile).
   */
  stream(input: Readable): Readable {
    const earlier = this.gates.some((gate) => gate.markerBegun);
    const gate = new FinalDotGate(async () => {
      if (this.gates.some((other) => other !== gate && other.markerBegun)) throw new Error(MAY_BE_SENT);
      await this.beforeFinalDot();
    });
    this.gates.push(gate);
    // A stream after one whose marker's commit began fails at once, before its envelope is sent: a refusal of that
    // envelope must not read as "not delivered" while the earlier final dot may have gone out (review, session 13).
    if (earlier) {
      input.destroy();
      process.nextTick(() => gate.destroy(new Error(MAY_BE_SENT)));
      return gate;
    }
    input.once('error', (error) => gate.destroy(error));
    return input.pipe(gate);
  }
}

const MAY_BE_SENT = 'the message may already have been sent (its marker was written): not sent again';

/** How a failed SMTP send ended, which decides what a later attempt may do. */
export type SendFailure =
  /** The server answered with a refusal: the message was not accepted (a 5xx is final, a 4xx may pass later). */
  | { kind: 'refused'; permanent: boolean; response: string }
  /** The connection failed before the final dot: nothing was delivered; try again. */
  | { kind: 'not_sent'; response: string }
  /** After the final dot, no answer: the server may have the message. Never send it again. */
  | { kind: 'ambiguous'; response: string };

/**
 * Reads a nodemailer error (`responseCode`, `response`, `command`) together with whether the marker was written. Once a
 * marker was written, only a refusal of the message itself (nodemailer's command `DATA`: the answer to the final dot)
 * says it was not delivered; any other failure may follow a final dot that went out.
 */
export function classifySendFailure(error: unknown, markerWritten: boolean): SendFailure {
  const details = (error ?? {}) as { responseCode?: unknown; response?: unknown; message?: unknown; command?: unknown };
  const code = typeof details.responseCode === 'number' ? details.responseCode : undefined;
  const response = String(details.response ?? details.message ?? error).slice(0, 1000);
  const refusal = code !== undefined && code >= 400 && (!markerWritten || details.command === 'DATA');
  if (refusal) return { kind: 'refused', permanent: code >= 500, response };
  if (markerWritten) return { kind: 'ambiguous', response };
  return { kind: 'not_sent', response };
}
