import { describe, expect, it } from 'vitest';
import { createTestApp, registerUser } from '../../test/test-app';

const { app } = await createTestApp({ push: { allowedHosts: ['push.example'] } });

const subscription = (endpoint = `https://push.example/send/${Math.random()}`) => ({
  endpoint,
  keys: { p256dh: Buffer.alloc(65, 4).toString('base64url'), auth: 'AAAAAAAAAAAAAAAAAAAAAA' },
});

describe('push API', () => {
  it('needs a session for everything', async () => {
    for (const [method, url] of [
      ['GET', '/api/push/public-key'],
      ['GET', '/api/push/subscriptions'],
      ['POST', '/api/push/subscriptions'],
      ['DELETE', '/api/push/subscriptions'],
      ['GET', '/api/users/1/notifications'],
      ['PUT', '/api/users/1/notifications'],
    ] as const) {
      const response = await app.inject({
        method,
        url,
        payload: method === 'GET' ? undefined : {},
      });
      expect(response.statusCode, `${method} ${url}`).toBe(401);
    }
  });

  it('gives the same VAPID public key every time (stored on the first start)', async () => {
    const user = await registerUser(app);
    const first = await user.request({ method: 'GET', url: '/api/push/public-key' });
    const second = await user.request({ method: 'GET', url: '/api/push/public-key' });
    expect(first.json().publicKey).toMatch(/^[A-Za-z0-9_-]{87}$/);
    expect(second.json().publicKey).toBe(first.json().publicKey);
  });

  it('saves, lists and removes a device; only its owner can remove it', async () => {
    const user = await registerUser(app);
    const other = await registerUser(app);
    const device = subscription();
    const saved = await user.request({
      method: 'POST',
      url: '/api/push/subscriptions',
      payload: device,
      headers: {
        'user-agent': 'Mozilla/5.0 (Linux; Android 14) Chrome/130.0 Mobile Safari/537.36',
      },
    });
    expect(saved.statusCode).toBe(201);
    expect(saved.json()).toMatchObject({ description: 'Chrome on Android', lastSentAt: null });
    expect(saved.body).not.toContain('push.example');
    const list = await user.request({ method: 'GET', url: '/api/push/subscriptions' });
    expect(list.json()).toHaveLength(1);

    const stolen = await other.request({
      method: 'DELETE',
      url: '/api/push/subscriptions',
      payload: { endpoint: device.endpoint },
    });
    expect(stolen.statusCode).toBe(404);
    const removed = await user.request({
      method: 'DELETE',
      url: '/api/push/subscriptions',
      payload: { endpoint: device.endpoint },
    });
    expect(removed.statusCode).toBe(204);
    expect((await user.request({ method: 'GET', url: '/api/push/subscriptions' })).json()).toEqual(
      [],
    );

    const again = await user.request({
      method: 'POST',
      url: '/api/push/subscriptions',
      payload: subscription(),
    });
    const byId = await other.request({
      method: 'DELETE',
      url: `/api/push/subscriptions/${again.json().id}`,
    });
    expect(byId.statusCode).toBe(404);
    const own = await user.request({
      method: 'DELETE',
      url: `/api/push/subscriptions/${again.json().id}`,
    });
    expect(own.statusCode).toBe(204);
  });

  it('refuses subscriptions that are malformed or point anywhere but a push service', async () => {
    const user = await registerUser(app);
    const bad = [
      { ...subscription(), endpoint: 'http://push.example/x' },
      { ...subscription(), keys: { p256dh: 'short', auth: 'AAAAAAAAAAAAAAAAAAAAAA' } },
      { endpoint: 'https://push.example/x' },
    ];
    for (const payload of bad) {
      const response = await user.request({
        method: 'POST',
        url: '/api/push/subscriptions',
        payload,
      });
      expect(response.statusCode, JSON.stringify(payload)).toBe(400);
    }
    const internal = await user.request({
      method: 'POST',
      url: '/api/push/subscriptions',
      payload: subscription('https://10.0.0.5/admin'),
    });
    expect(internal.statusCode).toBe(422);
    expect(internal.json().message).toBe('That push endpoint is not a known push service');
    expect((await user.request({ method: 'GET', url: '/api/push/subscriptions' })).json()).toEqual(
      [],
    );
  });

  it('reads and writes notification settings, for oneself only', async () => {
    const user = await registerUser(app);
    const other = await registerUser(app);
    const url = `/api/users/${user.id}/notifications`;
    expect((await user.request({ method: 'GET', url })).json()).toEqual({
      reminders: true,
      leadMinutes: [60],
      recaps: true,
      email: false,
      nudges: true,
    });
    const saved = await user.request({
      method: 'PUT',
      url,
      payload: { reminders: true, leadMinutes: [1440, 15, 15], recaps: false },
    });
    expect(saved.statusCode).toBe(200);
    expect(saved.json()).toEqual({
      reminders: true,
      leadMinutes: [15, 1440],
      recaps: false,
      email: false,
      nudges: true,
    });
    expect((await user.request({ method: 'GET', url })).json()).toEqual(saved.json());

    const off = await user.request({
      method: 'PUT',
      url,
      payload: { reminders: false, leadMinutes: [], recaps: false, email: true, nudges: false },
    });
    expect(off.json()).toEqual({
      reminders: false,
      leadMinutes: [],
      recaps: false,
      email: true,
      nudges: false,
    });
    // Left out, e-mail and nudges keep what was chosen.
    const kept = await user.request({
      method: 'PUT',
      url,
      payload: { reminders: false, leadMinutes: [], recaps: true },
    });
    expect(kept.json()).toMatchObject({ recaps: true, email: true, nudges: false });

    const invalid = await user.request({
      method: 'PUT',
      url,
      payload: { reminders: true, leadMinutes: [30], recaps: true },
    });
    expect(invalid.statusCode).toBe(400);
    const empty = await user.request({
      method: 'PUT',
      url,
      payload: { reminders: true, leadMinutes: [], recaps: true },
    });
    expect(empty.statusCode).toBe(400);
    expect(empty.json().fieldErrors.leadMinutes).toEqual([
      'Choose at least one reminder time, or turn reminders off',
    ]);
    expect((await other.request({ method: 'GET', url })).statusCode).toBe(403);
    expect((await other.request({ method: 'PUT', url, payload: off.json() })).statusCode).toBe(403);
  });
});
