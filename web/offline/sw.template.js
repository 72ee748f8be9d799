// Protocol Lab's service worker: once the lab has loaded, it works offline. The build
// (web/offline/swPlugin.ts) replaces the two placeholders below with the build's
// version (a hash of every file and its content) and the list of files in dist/, so a
// new build installs a new cache and deletes the old one.
const VERSION = '__PLAB_VERSION__';
const PRECACHE = __PLAB_PRECACHE__;
const CACHE = `plab-${VERSION}`;

self.addEventListener('install', (event) => {
  // cache: 'reload' so a stale HTTP cache cannot put an old file in the new version.
  event.waitUntil(
    caches
      .open(CACHE)
      .then((cache) => cache.addAll(PRECACHE.map((p) => new Request(p, { cache: 'reload' }))))
      .then(() => self.skipWaiting()),
  );
});

self.addEventListener('activate', (event) => {
  event.waitUntil(
    caches
      .keys()
      .then((keys) => Promise.all(keys.filter((k) => k.startsWith('plab-') && k !== CACHE).map((k) => caches.delete(k))))
      .then(() => self.clients.claim()),
  );
});

self.addEventListener('fetch', (event) => {
  const req = event.request;
  if (req.method !== 'GET' || new URL(req.url).origin !== self.location.origin) return;
  if (req.mode === 'navigate') {
    // The page itself: the network first, so an online reload sees a new build; the
    // cached page when offline (the hash holds the experiment, not the path).
    event.respondWith(
      fetch(req).catch(() =>
        caches.open(CACHE).then((c) => c.match(req, { ignoreSearch: true, ignoreVary: true }).then((r) => r || c.match('./index.html'))),
      ),
    );
    return;
  }
  // Hashed assets, the engine and the presets: this version's cached copy, else the
  // network. Vary is ignored because the server answers module scripts with
  // "Vary: Origin" and the precache requests carried no Origin; the search because
  // nothing here depends on it.
  event.respondWith(
    caches
      .open(CACHE)
      .then((c) => c.match(req, { ignoreSearch: true, ignoreVary: true }))
      .then((hit) => hit || fetch(req)),
  );
});
