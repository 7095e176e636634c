import { Text } from '@mantine/core';
import { modals } from '@mantine/modals';
import { useEffect, useRef } from 'react';
import { useBlocker } from 'react-router';
import { whenModalsReady } from '../../lib/modals-host';
import { formMessages } from './messages';

/**
 * Asks before leaving a form with unsaved changes: another screen of the app (a confirmation
 * modal) or the browser tab (the browser's own prompt on reload or close).
 */
export function useUnsavedChangesPrompt(dirty: boolean): { allowNextNavigation: () => void } {
  const allowed = useRef(false);
  const blocker = useBlocker(({ currentLocation, nextLocation }) => {
    if (allowed.current) {
      allowed.current = false;
      return false;
    }
    return dirty && currentLocation.pathname !== nextLocation.pathname;
  });

  useEffect(() => {
    if (blocker.state !== 'blocked') return;
    void whenModalsReady().then(() =>
      modals.openConfirmModal({
        title: formMessages.unsavedTitle,
        children: <Text size="sm">{formMessages.unsavedText}</Text>,
        labels: { confirm: formMessages.unsavedLeave, cancel: formMessages.unsavedStay },
        confirmProps: { color: 'red' },
        onConfirm: () => blocker.proceed(),
        onCancel: () => blocker.reset(),
        onClose: () => {
          if (blocker.state === 'blocked') blocker.reset();
        },
      }),
    );
  }, [blocker]);

  useEffect(() => {
    if (!dirty) return;
    const warn = (event: BeforeUnloadEvent) => {
      event.preventDefault();
      event.returnValue = '';
    };
    window.addEventListener('beforeunload', warn);
    return () => window.removeEventListener('beforeunload', warn);
  }, [dirty]);

  return {
    allowNextNavigation: () => {
      allowed.current = true;
    },
  };
}

/** Enter in a one-line field does not send the whole form (it still picks options and presses buttons). */
export function preventEnterSubmit(event: React.KeyboardEvent<HTMLFormElement>) {
  const target = event.target as HTMLElement;
  if (event.key === 'Enter' && target instanceof HTMLInputElement && target.type !== 'submit' && target.type !== 'button') {
    event.preventDefault();
  }
}
