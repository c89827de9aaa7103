import { type ComponentType, createElement, lazy } from 'react';

export interface Preloadable<P extends object> {
  (props: P): ReturnType<typeof createElement>;
  /** Starts loading the module (once); the component renders at once when it has arrived. */
  preload: () => Promise<unknown>;
}

/**
 * React.lazy that can be fetched ahead of its first render. Plain lazy suspends on its first
 * render even when the module is already here, and React reveals a suspended boundary at most
 * every 300 ms: a page fetched during start-up would still wait for that. This renders the module
 * directly once it has loaded, and falls back to lazy (and its Suspense boundary) before.
 */
export function preloadable<P extends object>(
  load: () => Promise<{ default: ComponentType<P> }>,
): Preloadable<P> {
  let loaded: ComponentType<P> | undefined;
  let loading: Promise<{ default: ComponentType<P> }> | undefined;
  const preload = () => {
    loading ??= load().then(
      (module) => {
        loaded = module.default;
        return module;
      },
      (error: unknown) => {
        loading = undefined; // a failed chunk (offline, new build) is tried again next time
        throw error;
      },
    );
    return loading;
  };
  const Lazy = lazy(preload);
  const component = (props: P) => createElement((loaded ?? Lazy) as ComponentType<P>, props);
  return Object.assign(component, { preload });
}
