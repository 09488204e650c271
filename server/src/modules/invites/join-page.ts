import { readFile } from 'node:fs/promises';
import type { FastifyInstance, FastifyRequest } from 'fastify';
import { inviteCodeParamsSchema } from '@shared/contract/invites';
import { joinDescriptionOf, joinTitleOf } from '@shared/domain/invite-link';
import type { Db } from '../../db/client';
import { escapeHtml } from '../../http/escape-html';
import { countHit } from '../../plugins/rate-limit';
import { INVITE_LOOKUPS } from './invites.routes';
import { previewInvite } from './invites.service';

/** Chat apps unfurl from a few addresses, so the page allows more than the API. */
const PAGE_LOOKUPS = { max: INVITE_LOOKUPS.max * 4, windowMs: INVITE_LOOKUPS.timeWindow };

const GENERIC = {
  title: "Join a group on Pick'em",
  description: "You're invited to a pick'em group. Make your picks. We'll keep score.",
};

/**
 * `/join/{CODE}` with Open Graph tags naming the group, so a pasted link unfurls (crawlers
 * run no scripts). Past the per-IP allowance, or for a code that cannot be joined, the tags
 * are generic: the page never tells a guesser more than the rate-limited API would.
 */
export function registerJoinPage(app: FastifyInstance, db: Db, indexFile: string) {
  app.get('/join/:code', async (request, reply) => {
    const html = await readFile(indexFile, 'utf8');
    const tags = await metaTagsFor(request, db);
    return reply
      .header('cache-control', 'no-cache')
      .type('text/html; charset=utf-8')
      .send(withMetaTags(html, tags));
  });
}

interface PageTags {
  title: string;
  description: string;
  url: string;
  image: string;
}

async function metaTagsFor(request: FastifyRequest, db: Db): Promise<PageTags> {
  const origin = `${request.protocol}://${request.host}`;
  const page = { url: `${origin}${request.url.split('?')[0]}`, image: `${origin}/og-image.png` };
  const code = inviteCodeParamsSchema.safeParse(request.params);
  if (!code.success) return { ...GENERIC, ...page };
  const { current } = await countHit(db, `join-page:ip:${request.ip}`, PAGE_LOOKUPS.windowMs);
  if (current > PAGE_LOOKUPS.max) return { ...GENERIC, ...page };
  try {
    const invite = await previewInvite(db, code.data.code, null);
    return {
      title: joinTitleOf(invite.name),
      description: joinDescriptionOf(invite.leaderName, invite.memberCount),
      ...page,
    };
  } catch {
    return { ...GENERIC, ...page };
  }
}

export function withMetaTags(html: string, tags: PageTags): string {
  const property = (name: string, content: string) =>
    `<meta property="${name}" content="${escapeHtml(content)}" />`;
  const named = (name: string, content: string) =>
    `<meta name="${name}" content="${escapeHtml(content)}" />`;
  const block = [
    property('og:type', 'website'),
    property('og:site_name', "Pick'em"),
    property('og:title', tags.title),
    property('og:description', tags.description),
    property('og:url', tags.url),
    property('og:image', tags.image),
    property('og:image:width', '1200'),
    property('og:image:height', '630'),
    named('twitter:card', 'summary_large_image'),
    named('twitter:title', tags.title),
    named('twitter:description', tags.description),
    named('twitter:image', tags.image),
  ].join('\n    ');
  return html
    .replace(/<title>[^<]*<\/title>/, `<title>${escapeHtml(tags.title)}</title>`)
    .replace(/<meta name="description"[^>]*>/, named('description', tags.description))
    .replace('</head>', `  ${block}\n  </head>`);
}
