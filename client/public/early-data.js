/*
 * The group page's first reads, started while its scripts are still downloading
 * (decision 0014). A group page is useless until the session, the group and its props
 * have arrived; asked for by the app, they would leave only once every module had loaded
 * and run (about 350 ms on this project's 2-core machine). The app takes each answer once,
 * through lib/early-responses.ts, and asks the server itself for anything not here.
 * A classic script with no dependencies: it runs before the module scripts are parsed.
 */
(function () {
  var match = /^\/group\/(\d+)\/?$/.exec(location.pathname);
  if (!match || typeof fetch !== 'function') return;
  var early = {};
  var id = match[1];
  // The page shows once all of these have answered (the group screen's first reads): the
  // session, the group, its props, the viewer's stats, the top of the board and recent
  // activity. Written as the app asks for them (client/src/lib/api-client.test.ts checks).
  [
    '/api/auth/me',
    '/api/groups/' + id,
    '/api/predictions/group/' + id,
    '/api/groups/' + id + '/stats',
    '/api/leaderboard/' + id + '?limit=5&offset=0',
    '/api/activity-events/' + id + '?limit=5',
  ].forEach(function (url) {
    early[url] = fetch(url, { credentials: 'include' });
    // An answer the app never takes must not be an unhandled rejection.
    early[url].catch(function () {});
  });
  window.__pickemEarly = early;
})();
