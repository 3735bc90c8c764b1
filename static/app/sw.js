/* Tapete's service worker, with Workbox (static/vendor/workbox). Loaded by /sw.js (scoring/views/pwa.py), which
 * sets self.TAPETE first: the app shell to precache (hashed URLs), the static prefix, the home page and a table
 * page's address around its token.
 *
 * - The app shell (CSS, htmx, the app's JS, icons) is precached when the worker installs.
 * - Other static files: from the cache at once, refreshed behind (stale-while-revalidate).
 * - The home page and table pages: from the network first, kept, and from the cache when there is no network,
 *   so a table page reloads offline showing the last version seen (offline.js then says the live view is
 *   stale). Everything else (the live poll, every POST) goes to the network as usual: a deal saved offline
 *   waits in the page's outbox (offline.js), not here.
 */
(function () {
  "use strict";
  var workbox = self.workbox;
  var config = self.TAPETE;

  workbox.core.setCacheNameDetails({ prefix: "tapete" });
  workbox.core.skipWaiting();
  workbox.core.clientsClaim(); // the page that registered the worker is served by it from now on

  workbox.precaching.precacheAndRoute(config.precache);
  workbox.precaching.cleanupOutdatedCaches();

  var before = config.tablePage[0];
  var after = config.tablePage[1];

  function isPage(url) {
    var path = url.pathname;
    if (path === config.home) return true;
    if (path.indexOf(before) !== 0 || path.length <= before.length + after.length) return false;
    var token = path.slice(before.length, path.length - after.length);
    return path.slice(path.length - after.length) === after && token.indexOf("/") === -1;
  }

  workbox.routing.registerRoute(
    function (options) {
      return options.sameOrigin && isPage(options.url) && !options.request.headers.get("HX-Request");
    },
    new workbox.strategies.NetworkFirst({
      cacheName: "tapete-pages",
      networkTimeoutSeconds: 6, // a weak signal at the table: the last version seen rather than a blank page
      matchOptions: { ignoreVary: true },
      plugins: [
        // One copy per page, under its address alone: the page varies by cookie, and a copy kept under each
        // cookie the phone has had would give a reload without a connection whichever came first, not the last.
        { cacheKeyWillBeUsed: function (options) { return options.request.url; } },
        new workbox.expiration.ExpirationPlugin({ maxEntries: 30 }),
      ],
    })
  );

  workbox.routing.registerRoute(
    function (options) {
      return options.sameOrigin && options.url.pathname.indexOf(config.staticPrefix) === 0;
    },
    new workbox.strategies.StaleWhileRevalidate({
      cacheName: "tapete-static",
      plugins: [new workbox.expiration.ExpirationPlugin({ maxEntries: 80 })],
    })
  );
})();
