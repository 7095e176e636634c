import { Center, Loader } from '@mantine/core';
import { lazy, Suspense, type ComponentType } from 'react';

const loaders = new WeakMap<object, () => Promise<unknown>>();

/**
 * A screen loaded on first visit (its own JS chunk). Use it in router.tsx instead of a static import:
 *   const CobranzaScreen = lazyScreen(() => import('../features/cobranza/components/cobranza-screen'), 'CobranzaScreen');
 * The result is used like the screen itself (same props), inside any guard.
 */
export function lazyScreen<M, K extends keyof M>(load: () => Promise<M>, name: K): M[K] {
  let loading: Promise<M> | undefined;
  const loadOnce = () => (loading ??= load());
  // eslint-disable-next-line @typescript-eslint/no-explicit-any
  const Screen = lazy(async () => ({ default: (await loadOnce())[name] as ComponentType<any> }));
  function LazyScreen(props: Record<string, unknown>) {
    return (
      <Suspense fallback={<ScreenLoading />}>
        <Screen {...props} />
      </Suspense>
    );
  }
  LazyScreen.displayName = `Lazy(${String(name)})`;
  loaders.set(LazyScreen, loadOnce);
  return LazyScreen as M[K];
}

/**
 * Fetches the chunks of screens the user is likely to open next, once the page has loaded and the
 * browser is idle, so they never compete with what the current screen needs.
 */
export function preloadScreens(screens: readonly unknown[]) {
  if (typeof window === 'undefined') return;
  const run = () => {
    for (const screen of screens) void loaders.get(screen as object)?.().catch(() => undefined);
  };
  const whenIdle = () => {
    if ('requestIdleCallback' in window) window.requestIdleCallback(() => setTimeout(run, 500));
    else setTimeout(run, 1000);
  };
  if (document.readyState === 'complete') whenIdle();
  else window.addEventListener('load', whenIdle, { once: true });
}

function ScreenLoading() {
  return (
    <Center py="xl" mih={200}>
      <Loader size="sm" type="dots" aria-label="Cargando" />
    </Center>
  );
}
