/**
 * Join links (`/join/{CODE}`) and the words that travel with them. The same functions
 * build the link the leader shares, the text of the phone's share sheet and the preview
 * card a chat app unfurls, so they cannot drift apart.
 */

export const JOIN_PATH_PREFIX = '/join/';

/** The path of a group's join link; codes are stored upper-case and need no escaping. */
export function joinPathOf(code: string): string {
  return `${JOIN_PATH_PREFIX}${encodeURIComponent(code)}`;
}

/** The full link, on the origin the app is served from. */
export function joinLinkOf(origin: string, code: string): string {
  return `${origin.replace(/\/+$/, '')}${joinPathOf(code)}`;
}

/** The short invitation that goes with the link in a text message or chat. */
export function invitationTextOf(groupName: string): string {
  return `Join ${groupName} on Pick'em and make your picks before the games lock.`;
}

/** The unfurled preview's title ("Join Sunday Crew on Pick'em"). */
export function joinTitleOf(groupName: string): string {
  return `Join ${groupName} on Pick'em`;
}

/** The unfurled preview's description: who invites, how many are in already. */
export function joinDescriptionOf(leaderName: string, memberCount: number): string {
  const members = memberCount === 1 ? '1 member' : `${memberCount} members`;
  return `${leaderName} invited you to their pick'em group (${members}). Make your picks. We'll keep score.`;
}
