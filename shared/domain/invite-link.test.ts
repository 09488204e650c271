import { describe, expect, it } from 'vitest';
import {
  invitationTextOf,
  joinDescriptionOf,
  joinLinkOf,
  joinPathOf,
  joinTitleOf,
} from './invite-link';

describe('join links', () => {
  it('builds the link on the given origin, with or without a trailing slash', () => {
    expect(joinPathOf('ABCD2345')).toBe('/join/ABCD2345');
    expect(joinLinkOf('https://pickem.example', 'ABCD2345')).toBe(
      'https://pickem.example/join/ABCD2345',
    );
    expect(joinLinkOf('https://pickem.example/', 'ABCD2345')).toBe(
      'https://pickem.example/join/ABCD2345',
    );
  });

  it('names the group in the title and the invitation', () => {
    expect(joinTitleOf('Sunday Crew')).toBe("Join Sunday Crew on Pick'em");
    expect(invitationTextOf('Sunday Crew')).toBe(
      "Join Sunday Crew on Pick'em and make your picks before the games lock.",
    );
  });

  it('counts members in words', () => {
    expect(joinDescriptionOf('Ann', 1)).toContain('(1 member)');
    expect(joinDescriptionOf('Ann', 20)).toContain('Ann invited you');
    expect(joinDescriptionOf('Ann', 20)).toContain('(20 members)');
  });
});
