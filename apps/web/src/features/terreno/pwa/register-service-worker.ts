/**
 * Registers the field mode's service worker (built by vite-plugin-pwa: apps/web/vite.config.ts). Called by
 * the /terreno screen only, so the office screens never download it; once registered it serves the app
 * shell offline and updates itself on the next visit after a deploy.
 */
export function registerFieldServiceWorker() {
  if (!import.meta.env.PROD || typeof navigator === 'undefined' || !('serviceWorker' in navigator)) return;
  navigator.serviceWorker.register('/sw.js', { scope: '/' }).catch((error: unknown) => {
    console.warn('No se pudo instalar el modo terreno sin conexión', error);
  });
}
