/** Product rules §4 'Comments'. */

export const COMMENT_MAX_LENGTH = 500;
export const COMMENT_EDIT_WINDOW_MS = 5 * 60_000;
export const COMMENTS_PER_MINUTE = 10;
export const DELETED_MEMBER = 'deleted member';

export const REACTIONS = ['fire', 'laugh', 'wow', 'clap', 'sad', 'skull'] as const;
export type ReactionName = (typeof REACTIONS)[number];
export const REACTION_EMOJI: Record<ReactionName, string> = {
  fire: '🔥',
  laugh: '😂',
  wow: '😮',
  clap: '👏',
  sad: '😢',
  skull: '💀',
};

export const COMMENT_EMPTY = 'Write something first';
export const COMMENT_TOO_LONG = `A comment can be at most ${COMMENT_MAX_LENGTH} characters`;
export const COMMENT_CONTROL_CHARACTERS = 'A comment cannot contain control characters';

// eslint-disable-next-line no-control-regex -- line breaks are text; every other control is refused.
const CONTROL = /[\u0000-\u0009\u000b-\u001f\u007f-\u009f]/;

/** null when it can be posted. */
export function commentTextProblem(text: string): string | null {
  if (text.length === 0) return COMMENT_EMPTY;
  if (CONTROL.test(text)) return COMMENT_CONTROL_CHARACTERS;
  if ([...text].length > COMMENT_MAX_LENGTH) return COMMENT_TOO_LONG;
  return null;
}

export function canEditComment(
  comment: { authorId: number | null; createdAt: Date | string; removed: boolean },
  viewerId: number,
  now: Date,
): boolean {
  return (
    !comment.removed &&
    comment.authorId === viewerId &&
    now.getTime() - new Date(comment.createdAt).getTime() < COMMENT_EDIT_WINDOW_MS
  );
}

export function canDeleteComment(
  comment: { authorId: number | null; removed: boolean },
  viewer: { userId: number; isLeader: boolean },
): boolean {
  return !comment.removed && (viewer.isLeader || comment.authorId === viewer.userId);
}

/** Until the prop locks, except for its author; thread comments are never sealed. */
export function isSealedFor(
  comment: { authorId: number | null },
  propLocked: boolean | null,
  viewerId: number,
): boolean {
  return propLocked === false && comment.authorId !== viewerId;
}

export const sealedLabel = (count: number) => `${count} sealed`;
