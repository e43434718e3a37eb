import { Toaster as Sonner, type ToasterProps } from 'sonner';

/** Spec §9: bottom-right, hotkey Alt+T (sonner's default), close button for early dismissal. */
export function Toaster(props: ToasterProps) {
  return <Sonner position="bottom-right" hotkey={['altKey', 'KeyT']} closeButton richColors {...props} />;
}
