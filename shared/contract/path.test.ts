import { describe, expect, it } from 'vitest';
import { pathFor } from './path';

describe('pathFor', () => {
  it('fills contract path parameters', () => {
    expect(pathFor('/api/users/:id/groups', { id: 12 })).toBe('/api/users/12/groups');
  });

  it('escapes what it puts in the path', () => {
    expect(pathFor('/api/invites/:code', { code: 'a/b c' })).toBe('/api/invites/a%2Fb%20c');
  });

  it('refuses a missing parameter instead of calling a wrong URL', () => {
    expect(() => pathFor('/api/users/:id', {})).toThrow(/id/);
  });
});
