import { notifications } from '@mantine/notifications';

/** Toasts: top-right for 4 seconds (spec 01 §1); position and duration are set on the provider. */
export const TOAST_DURATION_MS = 4000;

function show(color: string, message: string, title?: string) {
  notifications.show({ color, message, title, autoClose: TOAST_DURATION_MS, withBorder: true });
}

export const notify = {
  success: (message: string, title?: string) => show('teal', message, title),
  error: (message: string, title?: string) => show('red', message, title),
  info: (message: string, title?: string) => show('blue', message, title),
  warning: (message: string, title?: string) => show('yellow', message, title),
};
