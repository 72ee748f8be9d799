// Registers the service worker that keeps the lab working offline. Production builds
// only: under `vite dev` there is no sw.js, and a cache would serve stale modules.
export function registerServiceWorker(): void {
  if (!import.meta.env.PROD || !('serviceWorker' in navigator)) return;
  window.addEventListener('load', () => {
    navigator.serviceWorker.register('./sw.js').catch((e: unknown) => {
      // The lab works without it (online); say why offline use will not.
      console.warn('[plab] offline support unavailable:', e);
    });
  });
}
