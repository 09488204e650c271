import { eq } from 'drizzle-orm';
import { setTimeout as sleep } from 'node:timers/promises';
import { afterAll, describe, expect, it } from 'vitest';
import { notificationSettings, props, userEmails } from '../../db/schema';
import { hoursFromNow, seedGroup, seedPick, seedProp } from '../../test/group-fixtures';
import { startSmtpServer, type CapturedMail } from '../../test/smtp-server';
import { createTestApp, registerUser, type TestUser } from '../../test/test-app';

/**
 * E-mail end to end: the real app with its job queue, mailing through a real SMTP server
 * on 127.0.0.1 that keeps what it accepts. Scans run every 300 ms and recaps do not wait.
 */
const smtp = await startSmtpServer();
afterAll(() => smtp.close());
const { app, database } = await createTestApp({
  push: { jobs: { scanIntervalMs: 300, pollIntervalMs: 500, recapBatchMs: 0 } },
  // A recap waits for the round it completes to be settled, as in the running app.
  roundWinners: { intervalMs: 300, pollIntervalMs: 500 },
  mail: { smtpUrl: smtp.url, from: "Pick'em <picks@pickem.test>", publicUrl: 'http://pickem.test' },
});
const db = database.db;
const { app: withoutMail } = await createTestApp();

let counter = 0;
const newAddress = () => `member${(counter += 1)}.${Date.now()}@pickem.test`;
const to = (address: string) => (mail: CapturedMail) => mail.to.includes(address);
const codeOf = (mail: CapturedMail) => /code: (\d{6})$/.exec(mail.subject)?.[1] ?? '';

const emailUrl = (user: TestUser) => `/api/users/${user.id}/email`;
const askForCode = (user: TestUser, email: string) =>
  user.request({ method: 'PUT', url: emailUrl(user), payload: { email } });
const verify = (user: TestUser, code: string) =>
  user.request({ method: 'POST', url: `${emailUrl(user)}/verify`, payload: { code } });

async function verifiedMember(displayName: string) {
  const user = await registerUser(app, { displayName });
  const address = newAddress();
  expect((await askForCode(user, address)).statusCode).toBe(200);
  const [mail] = await smtp.waitFor(to(address));
  expect((await verify(user, codeOf(mail!))).json()).toMatchObject({ status: 'verified' });
  return { user, address };
}

/** Long enough for several scans and mail polls after the last message. */
const settle = () => sleep(2_500);

describe('an e-mail address', { timeout: 60_000 }, () => {
  it('is verified with the six-digit code mailed to it', async () => {
    const user = await registerUser(app);
    const address = newAddress();
    const asked = await askForCode(user, address);
    expect(asked.statusCode).toBe(200);
    expect(asked.json()).toEqual({ address, status: 'unverified', failure: null });
    const [mail] = await smtp.waitFor(to(address));
    const code = codeOf(mail!);
    expect(code).toMatch(/^\d{6}$/);
    expect(mail!.headers.get('from')).toContain('picks@pickem.test');

    const wrong = await verify(user, code === '000000' ? '111111' : '000000');
    expect(wrong.statusCode).toBe(422);
    expect(wrong.json().message).toBe('That code is not right: 4 tries left');
    const right = await verify(user, code);
    expect(right.statusCode).toBe(200);
    expect(right.json()).toEqual({ address, status: 'verified', failure: null });
    expect((await user.request({ method: 'GET', url: emailUrl(user) })).json()).toEqual(
      right.json(),
    );
    // Used once.
    expect((await verify(user, code)).statusCode).toBe(409);
  });

  it('allows five tries, then needs a new code', async () => {
    const user = await registerUser(app);
    const address = newAddress();
    await askForCode(user, address);
    const code = codeOf((await smtp.waitFor(to(address)))[0]!);
    const wrong = code === '123456' ? '654321' : '123456';
    const answers = [];
    for (let i = 0; i < 5; i += 1) answers.push((await verify(user, wrong)).json().message);
    expect(answers).toEqual([
      'That code is not right: 4 tries left',
      'That code is not right: 3 tries left',
      'That code is not right: 2 tries left',
      'That code is not right: 1 try left',
      'Too many wrong codes: send a new one',
    ]);
    const late = await verify(user, code);
    expect(late.statusCode).toBe(429);
    expect((await user.request({ method: 'GET', url: emailUrl(user) })).json()).toMatchObject({
      status: 'unverified',
    });
  });

  it('refuses a code after 15 minutes', async () => {
    const user = await registerUser(app);
    const address = newAddress();
    await askForCode(user, address);
    const code = codeOf((await smtp.waitFor(to(address)))[0]!);
    await db
      .update(userEmails)
      .set({ codeExpiresAt: new Date(Date.now() - 1000) })
      .where(eq(userEmails.userId, user.id));
    const expired = await verify(user, code);
    expect(expired.statusCode).toBe(422);
    expect(expired.json().message).toBe('That code has expired: send a new one');
  });

  it('refuses bad input and other accounts', async () => {
    const user = await registerUser(app);
    const other = await registerUser(app);
    for (const email of ['', 'not-an-address', `${'a'.repeat(250)}@x.com`]) {
      const answer = await askForCode(user, email);
      expect(answer.statusCode, email).toBe(400);
      expect(answer.json().message).toEqual(expect.any(String));
    }
    for (const code of ['', '12345', '1234567', 'abcdef']) {
      expect((await verify(user, code)).statusCode, code).toBe(400);
    }
    expect((await askForCode(other, newAddress())).statusCode).toBe(200);
    const stolen = await user.request({
      method: 'PUT',
      url: emailUrl(other),
      payload: { email: newAddress() },
    });
    expect(stolen.statusCode).toBe(403);
    expect((await user.request({ method: 'GET', url: emailUrl(user) })).json()).toBeNull();
  });

  it('is marked failing when the mail server refuses it for good', async () => {
    const user = await registerUser(app);
    smtp.refuseWith(550);
    try {
      await askForCode(user, newAddress());
      const deadline = Date.now() + 30_000;
      let status: unknown;
      while (Date.now() < deadline) {
        status = (await user.request({ method: 'GET', url: emailUrl(user) })).json();
        if ((status as { status: string }).status === 'failing') break;
        await sleep(200);
      }
      expect(status).toMatchObject({ status: 'failing', failure: expect.stringContaining('550') });
    } finally {
      smtp.refuseWith(null);
    }
  });
});

describe('notifications by e-mail', { timeout: 60_000 }, () => {
  it('sends reminders to verified addresses only, with a one-click unsubscribe', async () => {
    const leader = await registerUser(app);
    const { user: late, address } = await verifiedMember('Late Larry');
    const unverified = await registerUser(app);
    const pending = newAddress();
    await askForCode(unverified, pending);
    const group = await seedGroup(db, {
      leaderId: leader.id,
      memberIds: [late.id, unverified.id],
      name: 'Sunday Crew',
    });
    const prop = await seedProp(db, { groupId: group.id, gameDate: hoursFromNow(59 / 60) });

    const [reminder] = await smtp.waitFor(
      (mail) => to(address)(mail) && mail.subject.includes('lock'),
    );
    expect(reminder!.subject).toBe('1 prop in Sunday Crew locks in 1 hour');
    expect(reminder!.text).toContain(`http://pickem.test/group/${group.id}#prop-${prop.id}`);
    expect(reminder!.headers.get('list-unsubscribe-post')).toBe('List-Unsubscribe=One-Click');
    const link = /^<(.+)>$/.exec(reminder!.headers.get('list-unsubscribe') ?? '')?.[1] ?? '';
    expect(link).toMatch(/^http:\/\/pickem\.test\/api\/unsubscribe\?token=/);
    // The footer's link is the page where a person confirms with a tap.
    expect(reminder!.text).toContain(link.replace('/api/unsubscribe', '/unsubscribe'));
    await settle();
    expect(smtp.messages.filter(to(address))).toHaveLength(2); // the code, the reminder
    expect(smtp.messages.filter(to(pending))).toHaveLength(1); // the code only

    // RFC 8058: the mail client POSTs the form to the header's address, with no session.
    const { pathname, search } = new URL(link);
    const posted = await app.inject({
      method: 'POST',
      url: pathname + search,
      headers: { 'content-type': 'application/x-www-form-urlencoded' },
      payload: 'List-Unsubscribe=One-Click',
    });
    expect(posted.statusCode).toBe(200);
    expect(posted.json().kind).toBe('reminders');
    const [settings] = await db
      .select()
      .from(notificationSettings)
      .where(eq(notificationSettings.userId, late.id));
    expect(settings).toMatchObject({ reminders: false, recaps: true });

    const forged = await app.inject({
      method: 'POST',
      url: pathname + search.replace(/.(?=$)/, (last) => (last === 'A' ? 'B' : 'A')),
      headers: { 'content-type': 'application/x-www-form-urlencoded' },
      payload: 'List-Unsubscribe=One-Click',
    });
    expect(forged.statusCode).toBe(400);
  });

  it('sends recaps, and the footer link turns recaps off', async () => {
    const leader = await registerUser(app);
    const { user: member, address } = await verifiedMember('Rita');
    const group = await seedGroup(db, {
      leaderId: leader.id,
      memberIds: [member.id],
      name: 'Pool',
    });
    const prop = await seedProp(db, { groupId: group.id, title: 'Bills at Jets' });
    await seedPick(db, { userId: member.id, prop, selectedOption: 'A' });
    await db.update(props).set({ result: 'A' }).where(eq(props.id, prop.id));

    const [recap] = await smtp.waitFor(
      (mail) => to(address)(mail) && mail.subject.startsWith('Pool'),
    );
    // The result completes the round: the recap names its winner.
    expect(recap!.subject).toBe(
      "Pool: Bills at Jets: you were right — you're now #1 of 2. Week 1 winner: Rita",
    );
    const link = /^<(.+)>$/.exec(recap!.headers.get('list-unsubscribe') ?? '')?.[1] ?? '';
    const { pathname, search } = new URL(link);
    const clicked = await app.inject({ method: 'GET', url: pathname + search });
    expect(clicked.statusCode).toBe(200);
    expect(clicked.json()).toEqual({
      kind: 'recaps',
      message: 'You will get no more result recaps. Turn them back on in Settings.',
    });
    const settings = await member.request({
      method: 'GET',
      url: `/api/users/${member.id}/notifications`,
    });
    expect(settings.json()).toMatchObject({ reminders: true, recaps: false });
  });

  it('sends a nudge by e-mail', async () => {
    const sam = await registerUser(app, { displayName: 'Sam' });
    const { user: lee, address } = await verifiedMember('Lee');
    const group = await seedGroup(db, { leaderId: sam.id, memberIds: [lee.id], name: 'Crew' });
    await seedProp(db, { groupId: group.id, gameDate: hoursFromNow(5) });
    await seedProp(db, { groupId: group.id, gameDate: hoursFromNow(6) });
    const sent = await sam.request({
      method: 'POST',
      url: `/api/groups/${group.id}/nudges`,
      payload: { userId: lee.id },
    });
    expect(sent.statusCode).toBe(202);
    const [nudge] = await smtp.waitFor(
      (mail) => to(address)(mail) && mail.subject.includes('nudged'),
    );
    expect(nudge!.subject).toBe('Sam nudged you: 2 props in Crew lock in 5 hours');
    expect(nudge!.headers.get('list-unsubscribe')).toMatch(/unsubscribe\?token=/);
  });
});

describe('without SMTP_URL', () => {
  it('offers no e-mail and behaves as before', async () => {
    expect((await withoutMail.inject({ method: 'GET', url: '/api/config' })).json()).toMatchObject({
      email: false,
    });
    expect((await app.inject({ method: 'GET', url: '/api/config' })).json()).toMatchObject({
      email: true,
    });
    const user = await registerUser(withoutMail);
    const refused = await user.request({
      method: 'PUT',
      url: emailUrl(user),
      payload: { email: 'someone@pickem.test' },
    });
    expect(refused.statusCode).toBe(409);
    expect(refused.json().message).toBe('E-mail is not set up on this server');
    const link = await withoutMail.inject({
      method: 'GET',
      url: '/api/unsubscribe?token=1.recaps.x',
    });
    expect(link.statusCode).toBe(400);
  });
});
