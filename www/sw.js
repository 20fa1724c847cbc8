// HetLab's service worker: the site opens and works with no network after the first visit.
//
// Copied as is to dist/sw.js by Trunk (index.html: <link data-trunk rel="copy-file">) and
// registered by index.html with a relative URL, so its scope is the folder the site is served
// from (any host, any sub-path).
//
// Caching follows Trunk's file names:
// - the page itself (navigations, index.html) is network-first: a new build is picked up on
//   the next visit with a network; offline, the last copy is served;
// - files with a content hash in their name (Trunk hashes the wasm, the JS glue and the CSS)
//   are cache-first: such a file never changes, and a new build asks for new names (fetched
//   once, then cached); any other file of the site is network-first like the page;
// - at install, index.html is fetched and every file it names is cached, because the first
//   visit loaded them before this worker was running;
// - each time a fresh index.html arrives, cached hashed files it no longer names are deleted.

const CACHE = 'hetlab-v1';
/** The site's folder: the page and index.html are stored under this key. */
const ROOT = new URL('./', self.location.href).href;
/** A file name with a Trunk content hash: name-0123456789abcdef.ext (Trunk writes its 64-bit hash
 * in hex without leading zeros, so one build in sixteen has 15 digits or fewer). */
const HASHED = /-[0-9a-f]{1,16}(_bg)?\.(js|wasm|css)$/;

/** The site's files named in an index.html text (relative ./x, or x, references). */
function assetsOf(html) {
  const found = new Set();
  const re = /(?:href|src)=["']([^"'#?]+)["']|["'](\.\/[^"'#?]+\.(?:js|wasm|css))["']/g;
  for (const m of html.matchAll(re)) {
    const ref = m[1] || m[2];
    if (/^(data:|[a-z]+:\/\/|\/\/)/i.test(ref)) continue;
    const url = new URL(ref, ROOT).href;
    if (url.startsWith(ROOT) && url !== ROOT) found.add(url);
  }
  return found;
}

/** Stores `response` (a fresh index.html) and the files it names; drops stale hashed files. */
async function refresh(cache, response) {
  const html = await response.clone().text();
  await cache.put(ROOT, response.clone());
  const wanted = assetsOf(html);
  const have = new Set((await cache.keys()).map((r) => r.url));
  await Promise.all(
    [...wanted].filter((u) => !have.has(u)).map(async (u) => {
      const r = await fetch(u);
      if (r.ok) await cache.put(u, r);
    }),
  );
  await Promise.all(
    [...have]
      .filter((u) => HASHED.test(new URL(u).pathname) && !wanted.has(u))
      .map((u) => cache.delete(u)),
  );
}

self.addEventListener('install', (event) => {
  event.waitUntil(
    (async () => {
      const cache = await caches.open(CACHE);
      const r = await fetch(ROOT, { cache: 'no-cache' });
      if (r.ok) await refresh(cache, r);
      await self.skipWaiting();
    })(),
  );
});

self.addEventListener('activate', (event) => {
  event.waitUntil(
    (async () => {
      for (const name of await caches.keys()) {
        if (name !== CACHE) await caches.delete(name);
      }
      await self.clients.claim();
    })(),
  );
});

/** Network first: the page. A fresh copy refreshes the cache; offline, the stored one. */
async function page(event) {
  const cache = await caches.open(CACHE);
  try {
    const r = await fetch(event.request, { cache: 'no-cache' });
    if (r.ok) event.waitUntil(refresh(cache, r.clone()).catch(() => {}));
    return r;
  } catch (e) {
    const stored = await cache.match(ROOT);
    if (stored) return stored;
    throw e;
  }
}

/** Cache first: a file with a content hash in its name (stored on its first fetch). */
async function hashed(event) {
  const cache = await caches.open(CACHE);
  const stored = await cache.match(event.request, { ignoreSearch: true });
  if (stored) return stored;
  const r = await fetch(event.request);
  if (r.ok && r.type === 'basic') event.waitUntil(cache.put(event.request, r.clone()));
  return r;
}

/** Network first: any other file of the site (the stored copy when offline). */
async function other(event) {
  const cache = await caches.open(CACHE);
  try {
    const r = await fetch(event.request);
    if (r.ok && r.type === 'basic') event.waitUntil(cache.put(event.request, r.clone()));
    return r;
  } catch (e) {
    const stored = await cache.match(event.request, { ignoreSearch: true });
    if (stored) return stored;
    throw e;
  }
}

self.addEventListener('fetch', (event) => {
  const req = event.request;
  if (req.method !== 'GET') return;
  const url = new URL(req.url);
  if (!url.href.startsWith(ROOT)) return; // other origins and folders: the browser's own way
  const path = url.origin + url.pathname;
  if (req.mode === 'navigate' || path === ROOT || path === `${ROOT}index.html`) {
    event.respondWith(page(event));
  } else if (HASHED.test(url.pathname)) {
    event.respondWith(hashed(event));
  } else {
    event.respondWith(other(event));
  }
});
