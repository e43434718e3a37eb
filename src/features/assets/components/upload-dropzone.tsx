import { UploadCloud } from 'lucide-react';
import { useRef, useState, type DragEvent } from 'react';
import { Button } from '@/components/ui/button';
import { assetCopy } from '@/config/asset-copy';
import { cn } from '@/lib/utils';

/** Files dropped on the area or chosen with the button (many at once). */
export function UploadDropzone({ onFiles }: { onFiles(files: File[]): void }) {
  const input = useRef<HTMLInputElement>(null);
  const [isOver, setIsOver] = useState(false);
  const copy = assetCopy.upload;

  function handleDrop(event: DragEvent) {
    event.preventDefault();
    setIsOver(false);
    const files = [...event.dataTransfer.files];
    if (files.length > 0) onFiles(files);
  }

  return (
    <div
      onDragOver={(event) => {
        event.preventDefault();
        setIsOver(true);
      }}
      onDragLeave={() => setIsOver(false)}
      onDrop={handleDrop}
      data-testid="asset-dropzone"
      className={cn('flex flex-col items-center gap-3 rounded-lg border-2 border-dashed p-6 text-center transition-colors', isOver ? 'border-primary bg-primary/5' : 'border-muted-foreground/30')}
    >
      <UploadCloud className="h-8 w-8 text-muted-foreground" aria-hidden="true" />
      <p className="font-medium">{copy.dropHere}</p>
      <p className="max-w-xl text-sm text-muted-foreground">{copy.dropHint}</p>
      <Button type="button" onClick={() => input.current?.click()}>
        {copy.choose}
      </Button>
      <input
        ref={input}
        type="file"
        multiple
        className="sr-only"
        tabIndex={-1}
        aria-label={copy.choose}
        onChange={(event) => {
          const files = [...(event.target.files ?? [])];
          event.target.value = '';
          if (files.length > 0) onFiles(files);
        }}
      />
    </div>
  );
}
