// Web push for the service worker Workbox generates (imported through importScripts).
// Messages are JSON { title, body, url, tag, kind } built by the server (decision 0053).

self.addEventListener('push', (event) => {
  let message = {};
  try {
    message = event.data ? event.data.json() : {};
  } catch {
    message = { body: event.data ? event.data.text() : '' };
  }
  event.waitUntil(
    self.registration.showNotification(message.title || "Pick'em", {
      body: message.body || '',
      // The same notification twice (a retried delivery) replaces itself.
      tag: message.tag,
      icon: '/icons/icon-192.png',
      badge: '/icons/maskable-192.png',
      data: { url: message.url || '/' },
    }),
  );
});

// Opens the group (at the first unpicked prop for a reminder) in an open window if any.
self.addEventListener('notificationclick', (event) => {
  event.notification.close();
  const url = new URL(event.notification.data?.url || '/', self.location.origin).href;
  event.waitUntil(
    clients.matchAll({ type: 'window', includeUncontrolled: true }).then(async (windows) => {
      const open = windows.find((client) => new URL(client.url).origin === self.location.origin);
      if (open) {
        await open.navigate(url);
        return open.focus();
      }
      return clients.openWindow(url);
    }),
  );
});

// The browser renewed the subscription: tell the server, as the signed-in member.
self.addEventListener('pushsubscriptionchange', (event) => {
  const options = event.oldSubscription && event.oldSubscription.options;
  if (!options) return;
  event.waitUntil(
    self.registration.pushManager.subscribe(options).then((subscription) =>
      fetch('/api/push/subscriptions', {
        method: 'POST',
        credentials: 'include',
        headers: { 'Content-Type': 'application/json' },
        body: JSON.stringify(subscription.toJSON()),
      }),
    ),
  );
});
