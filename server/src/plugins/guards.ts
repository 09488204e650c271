import type { FastifyRequest } from 'fastify';
import { forbidden, unauthorized } from './errors';
import type { SessionUser } from '../modules/auth/sessions';

/**
 * onRequest hooks that decide who may call a route, before its input is even read. Every /api route names one of these
 * or is declared public (`config: { public: true }`); app.ts refuses to build otherwise.
 */
export type Guard = ((request: FastifyRequest) => Promise<void>) & { readonly isGuard: true };

const guard = (name: string, check: (request: FastifyRequest) => void | Promise<void>): Guard =>
  Object.assign(
    Object.defineProperty(async (request: FastifyRequest) => check(request), 'name', {
      value: name,
    }),
    { isGuard: true as const },
  );

export function isGuard(value: unknown): value is Guard {
  return typeof value === 'function' && (value as Partial<Guard>).isGuard === true;
}

/** The signed-in user, for handlers behind a guard. */
export function currentUser(request: FastifyRequest): SessionUser {
  if (!request.user) throw unauthorized();
  return request.user;
}

export const requireUser = guard('requireUser', (request) => {
  currentUser(request);
});

export const requireAdmin = guard('requireAdmin', (request) => {
  if (!currentUser(request).isAdmin) throw forbidden('Only the operator can do that');
});

/** For /api/users/:id routes: a user acts only on their own account. */
export const requireSelf = guard('requireSelf', (request) => {
  const user = currentUser(request);
  const { id } = request.params as { id?: unknown };
  if (Number(id) !== user.id) throw forbidden('You can only change your own account');
});
