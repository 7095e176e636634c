import { cloneElement, type ComponentType, type ReactElement, type Ref, useEffect, useLayoutEffect, useRef, useState } from 'react';

/**
 * A menu or popover whose code (Mantine's Popover and the positioning library under it) downloads on
 * first use, not with the page: until then its target is drawn on its own, identical and announced the
 * same way. Pointing at the target or focusing it starts the download; a click opens the popover as soon
 * as its code is in. The loaded popover then replaces the stand-in, wrapping the same target element,
 * and takes over the focus if the stand-in held it (`useTakeover`).
 */

/** What the loaded popover takes over from the stand-in it replaces. */
export interface Takeover {
  /** The stand-in was clicked: the popover opens at once. */
  open: boolean;
  /** Focus was inside the stand-in: it goes to the same control of the loaded target. */
  focus: boolean;
}

interface TargetProps {
  ref?: Ref<HTMLElement>;
  onClick?: (event: never) => void;
  onFocus?: (event: never) => void;
  onBlur?: (event: never) => void;
  onPointerEnter?: (event: never) => void;
}

/** What DeferredPopover hands the loaded popover, besides its own `props`. */
export interface LoadedPopoverProps {
  /** The target as drawn: the popover wraps it in its Target, with `useTakeover`'s ref. */
  target: ReactElement<TargetProps>;
  takeover: Takeover;
}

interface DeferredPopoverProps<P extends LoadedPopoverProps> {
  target: ReactElement<TargetProps>;
  /** What the target opens (aria-haspopup), as Mantine announces it: 'menu' for a Menu, 'dialog' for a Popover. */
  popupType: 'menu' | 'dialog';
  /** Downloads the popover's module and gives its component. */
  load: () => Promise<ComponentType<P>>;
  /** The loaded popover's other props. */
  props: Omit<P, keyof LoadedPopoverProps>;
}

export function DeferredPopover<P extends LoadedPopoverProps>({ target, popupType, load, props }: DeferredPopoverProps<P>) {
  const [asked, setAsked] = useState(false);
  const [clicked, setClicked] = useState(false);
  const [focused, setFocused] = useState(false);
  const [Loaded, setLoaded] = useState<ComponentType<P> | null>(null);

  useEffect(() => {
    if (!asked) return;
    let current = true;
    load().then(
      (component) => {
        if (current) setLoaded(() => component);
      },
      // A failed download (a lost connection): the next pointer, focus or click tries again.
      () => {
        if (current) setAsked(false);
      },
    );
    return () => {
      current = false;
    };
  }, [asked, load]);

  if (Loaded) {
    const loadedProps = { ...props, target, takeover: { open: clicked, focus: focused } } as P;
    return <Loaded {...loadedProps} />;
  }

  const { onClick, onFocus, onBlur, onPointerEnter } = target.props;
  return cloneElement(target, {
    'aria-haspopup': popupType,
    'aria-expanded': false,
    onPointerEnter: (event: never) => {
      setAsked(true);
      onPointerEnter?.(event);
    },
    onFocus: (event: never) => {
      setAsked(true);
      setFocused(true);
      onFocus?.(event);
    },
    onBlur: (event: never) => {
      setFocused(false);
      onBlur?.(event);
    },
    onClick: (event: never) => {
      setAsked(true);
      setClicked(true);
      onClick?.(event);
    },
  } as TargetProps);
}

const FOCUSABLE = 'button, a[href], input, select, textarea, [tabindex]';

/**
 * For the loaded popover: the ref for its target. When it replaces a stand-in that held the focus, the
 * same control of its target gets it; when the stand-in was clicked, the click is given to the target,
 * so Mantine opens the popover exactly as for the user's click (focus handling included). Both happen as
 * the popover appears, before the browser handles any other input.
 */
export function useTakeover(takeover: Takeover) {
  const [first] = useState(takeover);
  const targetRef = useRef<HTMLElement>(null);
  useLayoutEffect(() => {
    const target = targetRef.current;
    if (!target) return;
    if (first.focus) (target.matches(FOCUSABLE) ? target : target.querySelector<HTMLElement>(FOCUSABLE))?.focus();
    if (first.open) target.click();
  }, [first]);
  return targetRef;
}
