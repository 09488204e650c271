import { describe, expect, it } from 'vitest';
import { HOUR, seedGroup } from '../../test/group-fixtures';
import { builtClientDir } from '../../test/built-client';
import { createTestApp, registerUser } from '../../test/test-app';

const INDEX_HTML = `<!doctype html><html><head>
<meta name="description" content="Group sports pick'em." />
<title>Pick'em</title></head><body><div id="root"></div></body></html>`;

const { app, database } = await createTestApp({
  clientDir: await builtClientDir({ 'index.html': INDEX_HTML }),
});
const db = database.db;

describe('GET /api/invites/:code (the join link card)', () => {
  it('shows a visitor the name, leader and member count, and nothing else', async () => {
    const leader = await registerUser(app, { displayName: 'Coach Ann' });
    const member = await registerUser(app);
    const group = await seedGroup(db, {
      leaderId: leader.id,
      memberIds: [member.id],
      name: 'Sunday Crew',
    });
    const response = await app.inject({
      method: 'GET',
      url: `/api/invites/${group.code.toLowerCase()}`,
    });
    expect(response.statusCode).toBe(200);
    expect(response.json()).toEqual({
      name: 'Sunday Crew',
      leaderName: 'Coach Ann',
      memberCount: 2,
      isMember: false,
      groupId: null,
    });
  });

  it('gives a member the group id so the link goes straight to the group', async () => {
    const leader = await registerUser(app);
    const outsider = await registerUser(app);
    const group = await seedGroup(db, { leaderId: leader.id });
    const own = await leader.request({ method: 'GET', url: `/api/invites/${group.code}` });
    expect(own.json()).toMatchObject({ isMember: true, groupId: group.id });
    const other = await outsider.request({ method: 'GET', url: `/api/invites/${group.code}` });
    expect(other.json()).toMatchObject({ isMember: false, groupId: null });
  });

  it('says plainly when a code is unknown, expired or an official event', async () => {
    const leader = await registerUser(app);
    const expired = await seedGroup(db, {
      leaderId: leader.id,
      expiresAt: new Date(Date.now() - HOUR),
    });
    const official = await seedGroup(db, { leaderId: leader.id, isOfficial: true });
    const unknown = await app.inject({ method: 'GET', url: '/api/invites/ZZZZ9999' });
    expect(unknown.statusCode).toBe(404);
    expect(unknown.json().message).toBe('No group has that code. Check the code and try again.');
    const gone = await app.inject({ method: 'GET', url: `/api/invites/${expired.code}` });
    expect(gone.statusCode).toBe(422);
    expect(gone.json().message).toBe('This group has expired');
    const event = await app.inject({ method: 'GET', url: `/api/invites/${official.code}` });
    expect(event.statusCode).toBe(422);
    const junk = await app.inject({ method: 'GET', url: '/api/invites/%3Cscript%3E' });
    expect(junk.statusCode).toBe(400);
  });

  it('stops a visitor guessing codes after 30 lookups in ten minutes', async () => {
    const headers = { 'x-forwarded-for': '203.0.113.9' };
    const guesser = await createTestApp({ trustProxy: true });
    const answers: number[] = [];
    for (let attempt = 0; attempt < 31; attempt += 1) {
      const response = await guesser.app.inject({
        method: 'GET',
        url: `/api/invites/GUESS${String(attempt).padStart(3, '0')}`,
        headers,
      });
      answers.push(response.statusCode);
    }
    expect(answers.slice(0, 30).every((status) => status === 404)).toBe(true);
    expect(answers[30]).toBe(429);
    // Another visitor is not affected.
    const other = await guesser.app.inject({
      method: 'GET',
      url: '/api/invites/GUESS000',
      headers: { 'x-forwarded-for': '203.0.113.10' },
    });
    expect(other.statusCode).toBe(404);
  });
});

describe('GET /join/:code (the page chat apps unfurl)', () => {
  it('answers the app page with Open Graph and Twitter tags naming the group', async () => {
    const leader = await registerUser(app, { displayName: 'Coach <Ann>' });
    const group = await seedGroup(db, { leaderId: leader.id, name: 'Sunday "Crew"' });
    const response = await app.inject({
      method: 'GET',
      url: `/join/${group.code}`,
      headers: { host: 'pickem.example' },
    });
    expect(response.statusCode).toBe(200);
    expect(response.headers['content-type']).toContain('text/html');
    const html = response.body;
    expect(html).toContain('<div id="root"></div>');
    expect(html).toContain('<title>Join Sunday &quot;Crew&quot; on Pick&#39;em</title>');
    expect(html).toContain(
      '<meta property="og:title" content="Join Sunday &quot;Crew&quot; on Pick&#39;em" />',
    );
    expect(html).toContain('<meta name="twitter:card" content="summary_large_image" />');
    expect(html).toContain(
      '<meta property="og:image" content="http://pickem.example/og-image.png" />',
    );
    expect(html).toContain(
      `<meta property="og:url" content="http://pickem.example/join/${group.code}" />`,
    );
    expect(html).toContain('Coach &lt;Ann&gt; invited you');
    // One description, the group's.
    expect(html.match(/<meta name="description"/g)).toHaveLength(1);
  });

  it('keeps the tags generic for a code that cannot be joined', async () => {
    const response = await app.inject({ method: 'GET', url: '/join/NOPE2345' });
    expect(response.statusCode).toBe(200);
    expect(response.body).toContain('<title>Join a group on Pick&#39;em</title>');
    expect(response.body).toContain('<div id="root"></div>');
  });
});
