import { describe, expect, it } from 'vitest';
import {
  COMMENT_CONTROL_CHARACTERS,
  COMMENT_EMPTY,
  COMMENT_TOO_LONG,
  canDeleteComment,
  canEditComment,
  commentTextProblem,
  isSealedFor,
} from './conversation';

describe('commentTextProblem', () => {
  it.each([
    ['', COMMENT_EMPTY],
    ['Hammer the over', null],
    ['two\nlines', null],
    ['x'.repeat(500), null],
    ['x'.repeat(501), COMMENT_TOO_LONG],
    // Characters, not UTF-16 units: 500 emoji fit.
    ['🔥'.repeat(500), null],
    ['bell\u0007', COMMENT_CONTROL_CHARACTERS],
    ['tab\there', COMMENT_CONTROL_CHARACTERS],
    ['cr\rlf', COMMENT_CONTROL_CHARACTERS],
    ['nul\u0000', COMMENT_CONTROL_CHARACTERS],
    ['c1\u0085', COMMENT_CONTROL_CHARACTERS],
    ['<a href="x">link</a>', null],
  ])('%j → %s', (text, problem) => {
    expect(commentTextProblem(text)).toBe(problem);
  });
});

describe('canEditComment', () => {
  const now = new Date('2026-12-06T12:00:00Z');
  const at = (secondsAgo: number) => new Date(now.getTime() - secondsAgo * 1000);
  it.each([
    ['the author, just now', { authorId: 1, createdAt: at(0), removed: false }, 1, true],
    ['the author, 4:59 later', { authorId: 1, createdAt: at(299), removed: false }, 1, true],
    ['the author, 5:00 later', { authorId: 1, createdAt: at(300), removed: false }, 1, false],
    ['someone else', { authorId: 1, createdAt: at(0), removed: false }, 2, false],
    ['a removed comment', { authorId: 1, createdAt: at(0), removed: true }, 1, false],
    ['a deleted account', { authorId: null, createdAt: at(0), removed: false }, 1, false],
  ])('%s → %s', (_case, comment, viewerId, expected) => {
    expect(canEditComment(comment, viewerId, now)).toBe(expected);
  });
});

describe('canDeleteComment', () => {
  it.each([
    ['the author', { authorId: 1, removed: false }, { userId: 1, isLeader: false }, true],
    ['the leader', { authorId: 1, removed: false }, { userId: 2, isLeader: true }, true],
    ['another member', { authorId: 1, removed: false }, { userId: 2, isLeader: false }, false],
    ['already removed', { authorId: 1, removed: true }, { userId: 1, isLeader: true }, false],
  ])('%s → %s', (_case, comment, viewer, expected) => {
    expect(canDeleteComment(comment, viewer)).toBe(expected);
  });
});

describe('isSealedFor', () => {
  it.each([
    ['another member, before the lock', 1, false, 2, true],
    ['the author, before the lock', 1, false, 1, false],
    ['another member, after the lock', 1, true, 2, false],
    ['the thread (no prop)', 1, null, 2, false],
  ] as const)('%s → %s', (_case, authorId, locked, viewerId, expected) => {
    expect(isSealedFor({ authorId }, locked, viewerId)).toBe(expected);
  });
});
