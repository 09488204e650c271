import { sql } from 'drizzle-orm';
import {
  GROUP_EXPIRED,
  OFFICIAL_EVENT_CODE,
  UNKNOWN_INVITE_CODE,
  type InvitePreview,
} from '@shared/contract/invites';
import type { Db } from '../../db/client';
import { notFound, unprocessable } from '../../http/errors';
import { memberCountOf } from '../groups/groups.service';

interface InviteRow extends Record<string, unknown> {
  id: number;
  name: string;
  is_official: boolean;
  expires_at: Date | string | null;
  leader_name: string;
  member_count: number;
  is_member: boolean;
}

/** The refusals are the join's own, so the card says exactly what joining would say. */
export async function previewInvite(
  db: Db,
  code: string,
  viewerId: number | null,
  now = new Date(),
): Promise<InvitePreview> {
  const { rows } = await db.execute<InviteRow>(sql`
    select g.id, g.name, g.is_official, g.expires_at, u.display_name as leader_name,
      ${memberCountOf(sql`g.id`)} as member_count,
      exists (
        select 1 from group_members m where m.group_id = g.id and m.user_id = ${viewerId ?? -1}
      ) as is_member
    from groups g
    join users u on u.id = g.leader_id
    where g.code = ${code}`);
  const row = rows[0];
  if (!row) throw notFound(UNKNOWN_INVITE_CODE);
  const isMember = Boolean(row.is_member);
  // A member is sent to the group even when it has since expired or is an official event.
  if (!isMember) {
    if (row.is_official) throw unprocessable(OFFICIAL_EVENT_CODE);
    if (row.expires_at && new Date(row.expires_at) <= now) throw unprocessable(GROUP_EXPIRED);
  }
  return {
    name: row.name,
    leaderName: row.leader_name,
    memberCount: Number(row.member_count),
    isMember,
    groupId: isMember ? Number(row.id) : null,
  };
}
