// Parts of a screen that only a tap opens (a panel, a preview, a menu) loaded on first use
//: their code is a chunk of its own, requested the first time they open, and kept
// mounted from then on so they see their own open and close as before.
import { type ComponentType, lazy, type ReactNode, Suspense, useState } from 'react';

/** True from the first time `open` is true on. */
export function useOpenedOnce(open: boolean): boolean {
  const [opened, setOpened] = useState(open);
  if (open && !opened) setOpened(true);
  return opened || open;
}

/** A component of a module loaded the first time it renders; nothing shows while it loads. */
// eslint-disable-next-line @typescript-eslint/no-explicit-any -- any props, as lazy() itself takes
export function onFirstUse<P extends Record<string, any>>(load: () => Promise<ComponentType<P>>) {
  const Lazy = lazy(() => load().then((component) => ({ default: component })));
  return function OnFirstUse(props: P): ReactNode {
    return (
      <Suspense fallback={null}>
        <Lazy {...props} />
      </Suspense>
    );
  };
}
