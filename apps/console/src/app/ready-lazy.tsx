import { type ComponentType, lazy, useState } from 'react';

// A lazily loaded component that renders at once when its code has already arrived. React.lazy suspends on its
// first render even then: its boundary shows the fallback and React reveals the content later, at the earliest
// 300 ms after the fallback appeared (React's throttle for revealing suspended content). Screens reached through
// several of them in a row (login → antd's providers → the guard's shell → the layout → the dashboard) waited on
// that throttle once per step with nothing left to load.

export type ReadyLazy<P> = {
  /** The component: rendered directly when its code has arrived, else through React.lazy. */
  Component: ComponentType<P>;
  /** Starts loading the code (once; again after a failure). */
  preload: () => Promise<ComponentType<P>>;
};

export function readyLazy<P extends object, M>(
  load: () => Promise<M>,
  pick: (module: M) => ComponentType<P>,
): ReadyLazy<P> {
  let loaded: ComponentType<P> | undefined;
  let pending: Promise<ComponentType<P>> | undefined;
  const preload = () => {
    pending ??= load().then(
      (module) => {
        loaded = pick(module);
        return loaded;
      },
      (error: unknown) => {
        pending = undefined;
        throw error;
      },
    );
    return pending;
  };
  const Lazy = lazy(async () => ({ default: await preload() }));
  // biome-ignore lint/correctness/noComponentHookFactories: made once per module, at its top level, like lazy()
  function Component(props: P) {
    // chosen once per mount: the component type of a mounted subtree must not change
    const [Chosen] = useState<ComponentType<P>>(() => loaded ?? Lazy);
    return <Chosen {...props} />;
  }
  return { Component, preload };
}
