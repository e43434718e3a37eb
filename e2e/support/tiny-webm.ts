import type { Page } from '@playwright/test';

/**
 * A small, real WebM video made in the browser under test, for e2e tests of video previews (no ffmpeg here, and no
 * video file to borrow): Chromium's WebCodecs VP8 encoder encodes frames drawn on a canvas, and the encoded frames are
 * written into a WebM (Matroska) file with a known Duration, so a player reads the length from its header.
 */

interface EncodedFrame {
  key: boolean;
  /** Microseconds from the start. */
  timestamp: number;
  data: number[];
}

async function encodeFrames(page: Page, width: number, height: number, seconds: number, fps: number): Promise<EncodedFrame[]> {
  return page.evaluate(
    async ({ width, height, seconds, fps }) => {
      const frames: { key: boolean; timestamp: number; data: number[] }[] = [];
      let failure: unknown = null;
      const encoder = new VideoEncoder({
        output: (chunk) => {
          const data = new Uint8Array(chunk.byteLength);
          chunk.copyTo(data);
          frames.push({ key: chunk.type === 'key', timestamp: chunk.timestamp, data: Array.from(data) });
        },
        error: (error) => {
          failure = error;
        },
      });
      encoder.configure({ codec: 'vp8', width, height, bitrate: 200_000, framerate: fps });
      const canvas = new OffscreenCanvas(width, height);
      const context = canvas.getContext('2d')!;
      for (let index = 0; index < seconds * fps; index += 1) {
        context.fillStyle = `hsl(${(index * 360) / (seconds * fps)}, 80%, 50%)`;
        context.fillRect(0, 0, width, height);
        context.fillStyle = '#fff';
        context.fillRect((index * width) / (seconds * fps), height / 3, 16, height / 3);
        const frame = new VideoFrame(canvas, { timestamp: Math.round((index * 1_000_000) / fps), duration: Math.round(1_000_000 / fps) });
        encoder.encode(frame, { keyFrame: index % fps === 0 });
        frame.close();
      }
      await encoder.flush();
      encoder.close();
      if (failure) throw failure;
      return frames;
    },
    { width, height, seconds, fps },
  );
}

/** An EBML element: its id, its size (always written on 8 bytes), its data. */
function element(id: number, data: Buffer): Buffer {
  const idBytes = Buffer.from(id.toString(16).padStart(id > 0xffffff ? 8 : id > 0xffff ? 6 : id > 0xff ? 4 : 2, '0'), 'hex');
  const size = Buffer.alloc(8);
  size.writeBigUInt64BE(BigInt(data.length) | (1n << 56n));
  return Buffer.concat([idBytes, size, data]);
}

const uint = (id: number, value: number) => {
  const data = Buffer.alloc(4);
  data.writeUInt32BE(value);
  return element(id, data);
};
const float = (id: number, value: number) => {
  const data = Buffer.alloc(8);
  data.writeDoubleBE(value);
  return element(id, data);
};
const text = (id: number, value: string) => element(id, Buffer.from(value, 'ascii'));

/** A `seconds`-long VP8 WebM of `width` × `height` at `fps` frames a second (a few kilobytes). */
export async function tinyWebm(page: Page, { width = 160, height = 120, seconds = 2, fps = 10 } = {}): Promise<Buffer> {
  const frames = await encodeFrames(page, width, height, seconds, fps);
  if (frames.length === 0) throw new Error('the browser encoded no frame');
  const header = element(
    0x1a45dfa3,
    Buffer.concat([uint(0x4286, 1), uint(0x42f7, 1), uint(0x42f2, 4), uint(0x42f3, 8), text(0x4282, 'webm'), uint(0x4287, 2), uint(0x4285, 2)]),
  );
  // Timecodes in milliseconds (TimecodeScale 1,000,000 ns).
  const info = element(0x1549a966, Buffer.concat([uint(0x2ad7b1, 1_000_000), float(0x4489, seconds * 1000), text(0x4d80, 'e2e'), text(0x5741, 'e2e')]));
  const video = element(0xe0, Buffer.concat([uint(0xb0, width), uint(0xba, height)]));
  const track = element(0xae, Buffer.concat([uint(0xd7, 1), uint(0x73c5, 1), uint(0x83, 1), text(0x86, 'V_VP8'), video]));
  const tracks = element(0x1654ae6b, track);
  const blocks = frames.map((frame) => {
    const head = Buffer.alloc(4);
    head.writeUInt8(0x81, 0); // track 1
    head.writeInt16BE(Math.round(frame.timestamp / 1000), 1);
    head.writeUInt8(frame.key ? 0x80 : 0x00, 3);
    return element(0xa3, Buffer.concat([head, Buffer.from(frame.data)]));
  });
  const cluster = element(0x1f43b675, Buffer.concat([uint(0xe7, 0), ...blocks]));
  return Buffer.concat([header, element(0x18538067, Buffer.concat([info, tracks, cluster]))]);
}
