import { readFile, stat } from 'node:fs/promises';
import type { FastifyReply, FastifyRequest } from 'fastify';
import { isSerialId } from '@shared/contract/ids';
import { FIRST_PAINT_END, FIRST_PAINT_START, GROUP_NAME_SLOT } from '@shared/first-paint';
import type { Db } from '../../db/client';
import { compress, COMPRESS_THRESHOLD, encodingFor, type Encoding } from '../../http/compression';
import { readSession, SESSION_COOKIE, type ReadWithSession } from '../auth/sessions';
import { escapeHtml } from '../../http/escape-html';

/**
 * group.html paints the app's frame and the group's name before any script runs. The name
 * is written in only for a member, read with the session in one statement; for anyone
 * else the block is taken out and the app decides, as on any page.
 */
export async function sendGroupPage(
  db: Db,
  request: FastifyRequest,
  reply: FastifyReply,
  file: string,
): Promise<FastifyReply> {
  const [template, group] = await Promise.all([builtPage(file), viewedGroup(db, request)]);
  reply.header('cache-control', 'no-cache').header('vary', 'accept-encoding, cookie');
  reply.type('text/html; charset=utf-8');
  const encoding = encodingFor(request);
  const page = writtenPage(template, group, encoding);
  if (encoding && typeof page !== 'string') reply.header('content-encoding', encoding);
  return reply.send(page);
}

/** Read again when the build has changed it: a new build is served without a restart. */
let built: { file: string; mtimeMs: number; html: string } | undefined;
async function builtPage(file: string) {
  const { mtimeMs } = await stat(file);
  if (built?.file !== file || built.mtimeMs !== mtimeMs) {
    built = { file, mtimeMs, html: await readFile(file, 'utf8') };
  }
  return built;
}

/**
 * Written and compressed once per build, group, name and encoding (the most recent kept):
 * an official event's members opening its page at kick-off cost one compression.
 */
const written = new Map<string, string | Buffer>();
const MAX_WRITTEN = 500;

function writtenPage(
  template: { file: string; mtimeMs: number; html: string },
  group: ViewedGroup | null,
  encoding: Encoding | null,
): string | Buffer {
  if (!encoding) return withGroupFirstPaint(template.html, group);
  const key = `${template.file}\n${template.mtimeMs}\n${encoding}\n${group?.id}\n${group?.name}`;
  const kept = written.get(key);
  if (kept !== undefined) {
    written.delete(key);
    written.set(key, kept);
    return kept;
  }
  const html = withGroupFirstPaint(template.html, group);
  const page = html.length >= COMPRESS_THRESHOLD ? compress(encoding, html, 5) : html;
  written.set(key, page);
  if (written.size > MAX_WRITTEN) written.delete(written.keys().next().value!);
  return page;
}

interface ViewedGroup {
  id: number;
  name: string;
}

const GROUP_NAME: ReadWithSession = {
  name: 'group-page-name',
  columns: 'g.name as group_name',
  joins: `join group_members m on m.group_id = $4 and m.user_id = u.id
    join groups g on g.id = m.group_id`,
};

async function viewedGroup(db: Db, request: FastifyRequest): Promise<ViewedGroup | null> {
  const token = request.cookies[SESSION_COOKIE];
  const id = Number(/^\/group\/(\d+)\/?(?:\?|$)/.exec(request.url)?.[1]);
  if (!token || !isSerialId(id)) return null;
  const read = await readSession<{ group_name: string }>(db, token, {
    read: GROUP_NAME,
    values: [id],
  });
  return read ? { id, name: read.row.group_name } : null;
}

/** The name goes in its slot and on #root, where the app reads it. */
export function withGroupFirstPaint(html: string, group: ViewedGroup | null): string {
  const start = html.indexOf(FIRST_PAINT_START);
  const end = html.indexOf(FIRST_PAINT_END);
  if (start === -1 || end < start) return html;
  const before = html.slice(0, start);
  const after = html.slice(end + FIRST_PAINT_END.length);
  if (!group) return before + after;
  const name = escapeHtml(group.name);
  const block = html
    .slice(start + FIRST_PAINT_START.length, end)
    .replaceAll(GROUP_NAME_SLOT, () => name);
  return (
    before.replace(
      /<div id="root">$/,
      () => `<div id="root" data-group-id="${group.id}" data-group-name="${name}">`,
    ) +
    block +
    after
  );
}
