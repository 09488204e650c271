import { setTimeout as sleep } from 'node:timers/promises';
import { afterAll, beforeAll, expect, it } from 'vitest';
import { AppProcess, HttpUser } from '../../test/app-process';
import { hoursFromNow, seedGroup, seedProp } from '../../test/group-fixtures';
import { startSmtpServer, type TestSmtpServer } from '../../test/smtp-server';
import { createTestDatabase } from '../../test/test-app';

/** Two app processes on one database, one SMTP server: each reminder is mailed once. */
const { url, database } = await createTestDatabase();
let smtp: TestSmtpServer;
const running: AppProcess[] = [];

beforeAll(async () => {
  smtp = await startSmtpServer();
});
afterAll(async () => {
  await Promise.all(running.map((app) => app.stop()));
  await smtp.close();
  await database.close();
});

const startApp = async () => {
  const app = await AppProcess.start({
    DATABASE_URL: url,
    SMTP_URL: smtp.url,
    MAIL_FROM: "Pick'em <picks@pickem.test>",
    PUBLIC_URL: 'http://pickem.test',
    PUSH_SCAN_INTERVAL_MS: '200',
    JOB_POLL_INTERVAL_MS: '500',
  });
  running.push(app);
  return app;
};

it('mails one reminder per member and lock with two instances', { timeout: 120_000 }, async () => {
  const [first, second] = await Promise.all([startApp(), startApp()]);
  if (!first || !second) throw new Error('no app');
  const leader = await HttpUser.register(first.origin, 'Lee');
  const members = await Promise.all(
    ['Ann', 'Bea'].map(async (name) => {
      const user = await HttpUser.register(second.origin, name);
      const address = `${name.toLowerCase()}.${Date.now()}@pickem.test`;
      const path = `/api/users/${user.id}/email`;
      expect((await user.call(first.origin, 'PUT', path, { email: address })).status).toBe(200);
      const [mail] = await smtp.waitFor((message) => message.to.includes(address));
      const code = /(\d{6})$/.exec(mail!.subject)?.[1];
      expect((await user.call(second.origin, 'POST', `${path}/verify`, { code })).status).toBe(200);
      return { user, address };
    }),
  );
  const group = await seedGroup(database.db, {
    leaderId: leader.id,
    memberIds: members.map((member) => member.user.id),
    name: 'Sunday Crew',
  });
  await seedProp(database.db, { groupId: group.id, gameDate: hoursFromNow(59 / 60) });

  for (const { address } of members) {
    await smtp.waitFor((mail) => mail.to.includes(address) && mail.subject.includes('lock'));
  }
  // Several scans and polls on both instances later, still one each.
  await sleep(3_000);
  for (const { address } of members) {
    const reminders = smtp.messages.filter(
      (mail) => mail.to.includes(address) && mail.subject.includes('lock'),
    );
    expect(reminders.map((mail) => mail.subject)).toEqual([
      '1 prop in Sunday Crew locks in 1 hour',
    ]);
  }
});
