import { lazy, useState, type ComponentType } from 'react';

export type Preloadable<P extends object> = ComponentType<P> & { preload: () => Promise<unknown> };

/**
 * React.lazy with a preload(): the chunk can be fetched ahead of the first render, and once it is in, the component
 * renders without suspending. React.lazy suspends on its first render even then, and React holds content back
 * for 300 ms after showing a Suspense fallback (its fallback throttle): that put the store's first paint ~0.3 s late.
 */
export function preloadable<P extends object>(load: () => Promise<{ default: ComponentType<P> }>): Preloadable<P> {
  let loaded: ComponentType<P> | null = null;
  const preload = () =>
    load().then((m) => {
      loaded = m.default;
      return m;
    });
  const Lazy = lazy(preload) as unknown as ComponentType<P>;
  function PreloadableComponent(props: P) {
    // Chosen once per mount: switching from Lazy to the module's component later would remount it.
    const [C] = useState<ComponentType<P>>(() => loaded ?? Lazy);
    return <C {...props} />;
  }
  return Object.assign(PreloadableComponent, { preload });
}
