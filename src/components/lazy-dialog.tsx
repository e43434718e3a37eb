import { lazy, Suspense, useState, type ComponentType } from 'react';

/**
 * A dialog that pages mount closed (`open` false until an action), with its code in its own chunk: Radix Dialog or
 * AlertDialog with their focus trap and scroll lock, the form inside. Nothing of it loads with the page (issue 33);
 * it loads when the dialog first opens and stays mounted afterwards, so it closes as it opened and keeps its state.
 */
export function lazyDialog<Props extends { open: boolean }>(load: () => Promise<ComponentType<Props>>): ComponentType<Props> {
  const Content = lazy(() => load().then((component) => ({ default: component })));
  function LazyDialog(props: Props) {
    const [hasOpened, setHasOpened] = useState(props.open);
    if (props.open && !hasOpened) setHasOpened(true);
    if (!hasOpened) return null;
    return (
      <Suspense fallback={null}>
        <Content {...props} />
      </Suspense>
    );
  }
  return LazyDialog;
}
