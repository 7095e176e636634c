import { Center, Loader } from '@mantine/core';
import { Children, isValidElement, lazy, Suspense, type ComponentType, type ReactNode } from 'react';
import { matchRoutes, type RouteObject } from 'react-router';
import { afterLoadWhenIdle } from '../idle';

const loaders = new WeakMap<object, () => Promise<unknown>>();

/**
 * A screen loaded on first visit (its own JS chunk). Use it in router.tsx instead of a static import:
 *   const CobranzaScreen = lazyScreen(() => import('../features/cobranza/components/cobranza-screen'), 'CobranzaScreen');
 * The result is used like the screen itself (same props), inside any guard. While the chunk loads, a
 * spinner stands in its place (`fallback` replaces it, e.g. a full-page one for the layout).
 */
export function lazyScreen<M, K extends keyof M>(load: () => Promise<M>, name: K, fallback: ReactNode = <ScreenLoading />): M[K] {
  let loading: Promise<M> | undefined;
  const loadOnce = () => {
    // A failed download may succeed later (a lost connection): only a loaded chunk is kept.
    loading ??= load().catch((error: unknown) => {
      loading = undefined;
      throw error;
    });
    return loading;
  };
  // eslint-disable-next-line @typescript-eslint/no-explicit-any
  const Screen = lazy(async () => ({ default: (await loadOnce())[name] as ComponentType<any> }));
  function LazyScreen(props: Record<string, unknown>) {
    return (
      <Suspense fallback={fallback}>
        <Screen {...props} />
      </Suspense>
    );
  }
  LazyScreen.displayName = `Lazy(${String(name)})`;
  loaders.set(LazyScreen, loadOnce);
  return LazyScreen as M[K];
}

/** Starts downloading these screens now (each chunk once); failures surface when the screen renders. */
export function loadScreens(screens: readonly unknown[]) {
  for (const screen of screens) void loaders.get(screen as object)?.().catch(() => undefined);
}

/**
 * Fetches the chunks of screens the user is likely to open next, once the page has loaded and the
 * browser is idle, so they never compete with what the current screen needs.
 */
export function preloadScreens(screens: readonly unknown[]) {
  if (typeof window === 'undefined') return;
  afterLoadWhenIdle(() => loadScreens(screens));
}

/** The lazy screens an element renders, its guards' children included. */
function lazyScreensIn(node: ReactNode, found: unknown[] = []): unknown[] {
  Children.forEach(node, (child) => {
    if (!isValidElement<{ children?: ReactNode }>(child)) return;
    if (loaders.has(child.type as object)) found.push(child.type);
    lazyScreensIn(child.props.children, found);
  });
  return found;
}

/**
 * Starts downloading, all at once, every lazy screen the given address shows (the layout and the
 * screen inside it), instead of one after the other as each renders.
 */
export function loadScreensFor(routes: RouteObject[], pathname: string) {
  const matches = matchRoutes(routes, pathname) ?? [];
  loadScreens(matches.flatMap((match) => lazyScreensIn(match.route.element)));
}

function ScreenLoading() {
  return (
    <Center py="xl" mih={200}>
      <Loader size="sm" type="dots" aria-label="Cargando" />
    </Center>
  );
}
