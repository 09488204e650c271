import { brotliDecompressSync, gunzipSync } from 'node:zlib';
import { describe, expect, it } from 'vitest';
import { FIRST_PAINT_END, FIRST_PAINT_START, GROUP_NAME_SLOT } from '@shared/first-paint';
import { eq } from 'drizzle-orm';
import { groups } from '../../db/schema';
import { seedGroup } from '../../test/group-fixtures';
import { builtClientDir } from '../../test/built-client';
import { createTestApp, registerUser } from '../../test/test-app';

/** A built client's group.html as scripts/build.mjs writes it (decision 0031). */
const FIRST_PAINT = `<main><h1>${GROUP_NAME_SLOT}</h1><p>Loading group...</p></main>`;
const { app, database } = await createTestApp({
  clientDir: await builtClientDir({
    'index.html': '<!doctype html><div id="root"></div>',
    // The stylesheet inside, as built: a page worth compressing.
    'group.html':
      `<!doctype html><style>${'.a{color:red}'.repeat(200)}</style><body><div id="root">${FIRST_PAINT_START}${FIRST_PAINT}${FIRST_PAINT_END}</div>` +
      '<script type="module" src="/assets/app.js"></script></body>',
  }),
});
const leader = await registerUser(app);
const outsider = await registerUser(app);
const NAME = `Tom & Jerry's <script>alert("x")</script> Pool`;
const group = await seedGroup(database.db, { leaderId: leader.id, name: NAME });
const renamed = await seedGroup(database.db, { leaderId: leader.id, name: 'Before' });
const ESCAPED = 'Tom &amp; Jerry&#39;s &lt;script&gt;alert(&quot;x&quot;)&lt;/script&gt; Pool';

describe("a group page's HTML (decision 0031)", () => {
  it("paints a member's group name before any script, escaped, and names it on #root", async () => {
    const response = await leader.request({ method: 'GET', url: `/group/${group.id}` });
    expect(response.statusCode).toBe(200);
    expect(response.headers['content-type']).toContain('text/html');
    expect(response.headers['cache-control']).toBe('no-cache');
    expect(response.body).toContain(
      `<div id="root" data-group-id="${group.id}" data-group-name="${ESCAPED}"><main><h1>${ESCAPED}</h1>`,
    );
    expect(response.body).not.toContain(GROUP_NAME_SLOT);
    expect(response.body).not.toContain('<script>alert');
    expect(response.body).toContain('<script type="module" src="/assets/app.js">');
  });

  it('arrives compressed when the browser asks for it', async () => {
    for (const [encoding, decode] of [
      ['gzip', gunzipSync],
      ['br', brotliDecompressSync],
    ] as const) {
      const response = await leader.request({
        method: 'GET',
        url: `/group/${group.id}`,
        headers: { 'accept-encoding': encoding },
      });
      expect(response.headers['content-encoding']).toBe(encoding);
      expect(response.headers.vary).toContain('cookie');
      expect(decode(response.rawPayload).toString('utf8')).toContain(`<h1>${ESCAPED}</h1>`);
    }
  });

  it('names the group as it is now, after a rename, from the same build', async () => {
    const page = async () =>
      brotliDecompressSync(
        (
          await leader.request({
            method: 'GET',
            url: `/group/${renamed.id}`,
            headers: { 'accept-encoding': 'br' },
          })
        ).rawPayload,
      ).toString('utf8');
    expect(await page()).toContain('<h1>Before</h1>');
    await database.db.update(groups).set({ name: 'After' }).where(eq(groups.id, renamed.id));
    expect(await page()).toContain('<h1>After</h1>');
    expect(await page()).not.toContain('Before');
  });

  it('says nothing of a group to a non-member, a visitor or for a group that does not exist', async () => {
    const pages = await Promise.all([
      outsider.request({ method: 'GET', url: `/group/${group.id}` }),
      app.inject({ method: 'GET', url: `/group/${group.id}` }),
      leader.request({ method: 'GET', url: '/group/999999' }),
      leader.request({ method: 'GET', url: '/group/99999999999' }),
      leader.request({ method: 'GET', url: '/group/not-a-number' }),
      app.inject({
        method: 'GET',
        url: `/group/${group.id}`,
        headers: { cookie: 'pickem_session=forged' },
      }),
    ]);
    for (const page of pages) {
      expect(page.statusCode).toBe(200);
      expect(page.body).toContain('<div id="root"></div>');
      expect(page.body).not.toContain('Jerry');
      expect(page.body).not.toContain(GROUP_NAME_SLOT);
      expect(page.body).not.toContain('Loading group...');
    }
  });
});
