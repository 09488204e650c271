/** One source for the link, the share sheet's text and a chat app's unfurled card, so they cannot drift. */

export const JOIN_PATH_PREFIX = '/join/';

/** Codes are stored upper-case and need no escaping. */
export function joinPathOf(code: string): string {
  return `${JOIN_PATH_PREFIX}${encodeURIComponent(code)}`;
}

export function joinLinkOf(origin: string, code: string): string {
  return `${origin.replace(/\/+$/, '')}${joinPathOf(code)}`;
}

export function invitationTextOf(groupName: string): string {
  return `Join ${groupName} on Pick'em and make your picks before the games lock.`;
}

export function joinTitleOf(groupName: string): string {
  return `Join ${groupName} on Pick'em`;
}

export function joinDescriptionOf(leaderName: string, memberCount: number): string {
  const members = memberCount === 1 ? '1 member' : `${memberCount} members`;
  return `${leaderName} invited you to their pick'em group (${members}). Make your picks. We'll keep score.`;
}
