import { Readable } from 'node:stream';
import { describe, expect, it } from 'vitest';
import { classifySendFailure, FinalDotGate } from './final-dot-gate';

describe('FinalDotGate', () => {
  it('passes the bytes through and ends only after the marker was committed', async () => {
    const order: string[] = [];
    const gate = new FinalDotGate(async () => {
      await new Promise((resolve) => setTimeout(resolve, 20));
      order.push('marker');
    });
    const chunks: string[] = [];
    gate.on('data', (chunk: Buffer) => chunks.push(chunk.toString()));
    const ended = new Promise((resolve) => gate.on('end', () => resolve(order.push('end'))));
    Readable.from(['Subject: x\r\n', '\r\nbody']).pipe(gate);
    await ended;
    expect(chunks.join('')).toBe('Subject: x\r\n\r\nbody');
    expect(order).toEqual(['marker', 'end']);
    expect(gate.markerWritten).toBe(true);
  });

  it('fails the stream (no final dot) when the marker cannot be written', async () => {
    const gate = new FinalDotGate(async () => {
      throw new Error('database away');
    });
    gate.resume();
    const failed = new Promise<Error>((resolve) => gate.on('error', resolve));
    Readable.from(['x']).pipe(gate);
    expect((await failed).message).toBe('database away');
    expect(gate.markerWritten).toBe(false);
  });
});

describe('classifySendFailure', () => {
  it.each([
    [{ responseCode: 550, response: '550 No such user' }, false, { kind: 'refused', permanent: true, response: '550 No such user' }],
    [{ responseCode: 451, response: '451 try later' }, true, { kind: 'refused', permanent: false, response: '451 try later' }],
    [{ message: 'Connection closed unexpectedly' }, true, { kind: 'ambiguous', response: 'Connection closed unexpectedly' }],
    [{ message: 'connect ECONNREFUSED' }, false, { kind: 'not_sent', response: 'connect ECONNREFUSED' }],
  ])('%j (marker %s) → %j', (error, marker, expected) => {
    expect(classifySendFailure(error, marker)).toEqual(expected);
  });
});
