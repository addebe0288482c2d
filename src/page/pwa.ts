/**
 * Registers the service worker (built sites only) and offers a reload when a new version
 * has been downloaded. The new version takes over only when the player agrees or when
 * every tab of the game has closed, so a running game never finds its files swapped.
 */
export interface UpdateOffer {
  /** Activates the new version and reloads; the game is saved, so nothing is lost. */
  apply(): void;
}

/** How often a long-open tab looks for a new version. */
const CHECK_EVERY_MS = 60 * 60 * 1000;

export function registerServiceWorker(win: Window, onUpdate: (offer: UpdateOffer) => void): void {
  const sw = win.navigator.serviceWorker;
  if (!sw) return;
  let offered = false;
  const offer = (worker: ServiceWorker): void => {
    if (offered) return;
    offered = true;
    onUpdate({
      apply() {
        sw.addEventListener('controllerchange', () => win.location.reload(), { once: true });
        worker.postMessage({ type: 'skip-waiting' });
      },
    });
  };

  const register = (): void => {
    sw.register('./sw.js', { scope: './' }).then(
      (registration) => {
        // A worker waiting with another in control is a new version; the very first install is not.
        if (registration.waiting && sw.controller) offer(registration.waiting);
        registration.addEventListener('updatefound', () => {
          const incoming = registration.installing;
          incoming?.addEventListener('statechange', () => {
            if (incoming.state === 'installed' && sw.controller) offer(incoming);
          });
        });
        // What the page loaded before the worker took it (its language's words among them) is kept for offline play too.
        void sw.ready.then((ready) =>
          ready.active?.postMessage({ type: 'keep', hrefs: win.performance.getEntriesByType('resource').map((entry) => entry.name) }),
        );
        let lastCheck = Date.now();
        win.document.addEventListener('visibilitychange', () => {
          if (win.document.visibilityState !== 'visible' || Date.now() - lastCheck < CHECK_EVERY_MS) return;
          lastCheck = Date.now();
          registration.update().catch(() => undefined);
        });
      },
      // No service worker (private mode, file://): the game still plays online.
      () => undefined,
    );
  };
  // After the page has loaded, so caching the site never competes with the first board.
  if (win.document.readyState === 'complete') register();
  else win.addEventListener('load', register, { once: true });
}
