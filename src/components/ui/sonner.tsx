import type { CSSProperties } from 'react';
import { Toaster as Sonner, type ToasterProps } from 'sonner';

/**
 * Rich colours with darker text than sonner's defaults: its success text (#008a2e on #ecfdf3) is 4.25:1, below
 * WCAG AA's 4.5:1, and its warning and info texts are lower still. These reach at least 6:1 on the same backgrounds.
 */
const accessibleColors = {
  '--success-text': 'hsl(140, 100%, 20%)',
  '--error-text': 'hsl(0, 80%, 38%)',
  '--warning-text': 'hsl(31, 92%, 26%)',
  '--info-text': 'hsl(210, 92%, 32%)',
} as CSSProperties;

/** Spec §9: bottom-right, hotkey Alt+T (sonner's default), close button for early dismissal. */
export function Toaster({ style, ...props }: ToasterProps) {
  return (
    <Sonner
      position="bottom-right"
      hotkey={['altKey', 'KeyT']}
      closeButton
      richColors
      style={{ ...accessibleColors, ...style }}
      {...props}
    />
  );
}
