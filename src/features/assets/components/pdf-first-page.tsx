import { Loader2 } from 'lucide-react';
import { useEffect, useRef, useState } from 'react';
import { assetCopy } from '@/config/asset-copy';

/**
 * A PDF's first page drawn with pdf.js (Mozilla's reader, made for untrusted files: no script runs, eval is off),
 * loaded only when a PDF is opened: the library and its worker weigh nothing on other pages (decision 0021).
 * Its legacy build: the modern one calls `Map.prototype.getOrInsertComputed`, which Safari and Chromium before 145
 * do not have ("The first page could not be drawn" there); the legacy build brings that polyfill.
 */
export default function PdfFirstPage({ url, name }: { url: string; name: string }) {
  const canvas = useRef<HTMLCanvasElement>(null);
  const [state, setState] = useState<'loading' | 'ready' | 'failed'>('loading');

  useEffect(() => {
    let isCancelled = false;
    let destroy: (() => Promise<void>) | undefined;
    (async () => {
      const [pdfjs, worker] = await Promise.all([import('pdfjs-dist/legacy/build/pdf.mjs'), import('pdfjs-dist/legacy/build/pdf.worker.min.mjs?url')]);
      pdfjs.GlobalWorkerOptions.workerSrc = worker.default;
      const task = pdfjs.getDocument({ url, isEvalSupported: false, enableXfa: false });
      destroy = () => task.destroy();
      const document = await task.promise;
      const page = await document.getPage(1);
      const scale = Math.min(2, 800 / page.getViewport({ scale: 1 }).width);
      const viewport = page.getViewport({ scale });
      const target = canvas.current;
      if (!target || isCancelled) return;
      target.width = Math.floor(viewport.width);
      target.height = Math.floor(viewport.height);
      await page.render({ canvas: target, viewport }).promise;
      if (!isCancelled) setState('ready');
    })().catch((error: unknown) => {
      console.error('Drawing the first page of a PDF:', error);
      if (!isCancelled) setState('failed');
    });
    return () => {
      isCancelled = true;
      void destroy?.();
    };
  }, [url]);

  return (
    <div className="flex min-h-40 flex-col items-center justify-center gap-2">
      {state === 'loading' ? (
        <p role="status" className="flex items-center gap-2 text-sm text-muted-foreground">
          <Loader2 className="h-4 w-4 animate-spin" aria-hidden="true" />
          {assetCopy.detail.pdfLoading}
        </p>
      ) : null}
      {state === 'failed' ? <p className="text-sm text-muted-foreground">{assetCopy.detail.pdfFailed}</p> : null}
      <canvas ref={canvas} role="img" aria-label={assetCopy.detail.pdfAlt(name)} hidden={state !== 'ready'} className="h-auto max-w-full rounded border bg-white" />
    </div>
  );
}
