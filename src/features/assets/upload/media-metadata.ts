/**
 * What the browser can tell of a video or audio file before it is sent: its length and a video's picture size, read
 * from the file's own header by a media element (no bytes leave the machine for it). Images are measured by the
 * server's job from their bytes instead. Undefined values when the browser cannot tell (an unknown codec) within a
 * few seconds.
 */
export interface MediaFacts {
  width?: number;
  height?: number;
  duration?: number;
}

const TIMEOUT_MS = 8000;

export function measureMedia(file: File): Promise<MediaFacts> {
  const kind = file.type.split('/')[0];
  if ((kind !== 'video' && kind !== 'audio') || typeof document === 'undefined') return Promise.resolve({});
  return new Promise((resolve) => {
    const element = document.createElement(kind);
    const url = URL.createObjectURL(file);
    const finish = (facts: MediaFacts) => {
      clearTimeout(timer);
      element.removeAttribute('src');
      element.load();
      URL.revokeObjectURL(url);
      resolve(facts);
    };
    const timer = setTimeout(() => finish({}), TIMEOUT_MS);
    element.preload = 'metadata';
    element.muted = true;
    element.onloadedmetadata = () => {
      const duration = Number.isFinite(element.duration) ? element.duration : undefined;
      const video = element as HTMLVideoElement;
      finish({ duration, width: video.videoWidth || undefined, height: video.videoHeight || undefined });
    };
    element.onerror = () => finish({});
    element.src = url;
  });
}
