import { useQueryClient } from '@tanstack/react-query';
import { useCallback, useEffect, useRef, useState } from 'react';
import { ApiError } from '../../../lib/api-client';
import { notify } from '../../../lib/notify';
import { disconnectOAuth, getOAuthStatus, informesKeys, startOAuth } from '../api/informes';
import { informesMessages as m } from '../messages';

/** Spec 01 §4: a 600×700 popup, status polled every 2 s, at most 60 attempts. */
export const POPUP_FEATURES = 'width=600,height=700';
export const POLL_INTERVAL_MS = 2000;
export const POLL_MAX_ATTEMPTS = 60;

export interface GmailConnectionOptions {
  openWindow?: (url: string, name: string, features: string) => Window | null;
  intervalMs?: number;
  maxAttempts?: number;
}

interface Attempt {
  popup: Window;
  timer?: ReturnType<typeof setInterval>;
}

/** disconnected → connecting (waiting, cancellable) → connected; disconnect returns to disconnected. */
export function useGmailConnection(estudioId: number, options: GmailConnectionOptions = {}) {
  const { openWindow = (url, name, features) => window.open(url, name, features), intervalMs = POLL_INTERVAL_MS, maxAttempts = POLL_MAX_ATTEMPTS } =
    options;
  const client = useQueryClient();
  const [connecting, setConnecting] = useState(false);
  const [attempts, setAttempts] = useState(0);
  const [disconnecting, setDisconnecting] = useState(false);
  // The attempt in course (its popup and polling). A status answer counts only for the attempt that
  // asked: one still travelling when its attempt was cancelled never stops or ends the next one.
  const current = useRef<Attempt | null>(null);
  const starting = useRef(false);
  const mounted = useRef(true);

  const stop = useCallback(() => {
    const attempt = current.current;
    current.current = null;
    setConnecting(false);
    if (!attempt) return;
    if (attempt.timer) clearInterval(attempt.timer);
    try {
      attempt.popup.close();
    } catch {
      // A popup on another origin may refuse; it is the user's window then.
    }
  }, []);

  useEffect(() => {
    mounted.current = true;
    return () => {
      mounted.current = false;
      stop();
    };
  }, [stop]);

  const connect = useCallback(async () => {
    // One attempt at a time: a second click while the first asks for its URL opens nothing more.
    if (starting.current || current.current) return;
    starting.current = true;
    let url: string;
    try {
      url = await startOAuth(estudioId);
    } catch (error) {
      const detail = error instanceof ApiError ? error.detail : undefined;
      notify.error(detail ?? m.errorIniciarGmail, detail ? m.errorIniciarGmail : undefined);
      return;
    } finally {
      starting.current = false;
    }
    if (!mounted.current) return;
    const popup = openWindow(url, 'gmail-oauth', POPUP_FEATURES);
    if (!popup) {
      notify.error(m.popupBloqueado, m.errorIniciarGmail);
      return;
    }
    const attempt: Attempt = { popup };
    current.current = attempt;
    setConnecting(true);
    setAttempts(0);
    let count = 0;
    attempt.timer = setInterval(() => {
      count += 1;
      setAttempts(count);
      const asked = count;
      // No question after the last one; its answer decides.
      if (asked >= maxAttempts) clearInterval(attempt.timer);
      getOAuthStatus(estudioId)
        .then((status) => {
          if (current.current !== attempt) return;
          if (status.button_status === 'connected') {
            stop();
            client.setQueryData(informesKeys.oauth(estudioId), status);
            notify.success(status.connection_info, m.gmailConectadoToast);
          } else if (asked >= maxAttempts) {
            stop();
            notify.error(m.tiempoAgotado);
          }
        })
        .catch(() => {
          if (current.current !== attempt) return;
          stop();
          notify.error(m.errorConectarGmail);
        });
    }, intervalMs);
  }, [client, estudioId, intervalMs, maxAttempts, openWindow, stop]);

  const cancel = useCallback(() => {
    stop();
    notify.info(m.gmailCancelado);
  }, [stop]);

  const disconnect = useCallback(async () => {
    setDisconnecting(true);
    try {
      await disconnectOAuth(estudioId);
      notify.success(m.gmailDesconectado);
    } catch {
      notify.error(m.errorDesconectarGmail);
    } finally {
      setDisconnecting(false);
      await client.invalidateQueries({ queryKey: informesKeys.oauth(estudioId) });
    }
  }, [client, estudioId]);

  return { connecting, attempts, disconnecting, connect, cancel, disconnect };
}
