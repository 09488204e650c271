import { queryOptions, useQuery, type QueryClient } from '@tanstack/react-query';
import type * as AuthContract from '@shared/contract/auth';
import type { User } from '@shared/contract/auth';
import { callApi, isApiError } from '@client/lib/api-client';

/** Product rules §3: the browser keeps the signed-in user under this localStorage key. */
const STORED_USER_KEY = 'user';

export const currentUserQueryKey = ['auth', 'me'] as const;

/**
 * The contract (and with it zod) is not part of the landing's first paint (decision
 * 0014): it loads when the session is first asked for. main.tsx loads it before it
 * renders any other page, so the stored user below can paint the header at once.
 */
let auth: typeof AuthContract | undefined;
export async function loadAuthContract() {
  auth ??= await import('@shared/contract/auth');
  return auth;
}

/**
 * The copy in localStorage only paints the header before the server answers; the
 * session cookie is the authority, so anything unreadable counts as signed out.
 */
export function readStoredUser(): User | null {
  try {
    const raw = window.localStorage.getItem(STORED_USER_KEY);
    if (raw === null || !auth) return null;
    const parsed = auth.userSchema.safeParse(JSON.parse(raw));
    return parsed.success ? parsed.data : null;
  } catch {
    return null;
  }
}

function writeStoredUser(user: User | null) {
  try {
    if (user) window.localStorage.setItem(STORED_USER_KEY, JSON.stringify(user));
    else window.localStorage.removeItem(STORED_USER_KEY);
  } catch {
    // Storage can be full or blocked (private mode); the session cookie still works.
  }
}

export async function getCurrentUser(): Promise<User | null> {
  const { authContract } = await loadAuthContract();
  try {
    const { user } = await callApi(authContract.me);
    writeStoredUser(user);
    return user;
  } catch (error) {
    if (isApiError(error, 401)) {
      writeStoredUser(null);
      return null;
    }
    // The session could not be checked (server down or failing). Signing the visitor out
    // would be wrong too, so keep what this browser last knew until something answers.
    return readStoredUser();
  }
}

/**
 * Set when the server sent the prerendered landing, which it does only to a browser
 * without a session cookie: that visitor is signed out whatever localStorage remembers,
 * so the landing can be shown (and hydrated) before `/api/auth/me` answers.
 */
let signedOutPerServer = false;
export function markSignedOutPerServer() {
  signedOutPerServer = true;
}

export const currentUserQueryOptions = () =>
  queryOptions({
    queryKey: currentUserQueryKey,
    queryFn: getCurrentUser,
    // A placeholder, not initialData: with staleTime Infinity, initial data would
    // never be checked against the server.
    placeholderData: () => (signedOutPerServer ? null : (readStoredUser() ?? undefined)),
  });

/**
 * The signed-in user: a User, null when signed out, or undefined while not yet known
 * (show a loading placeholder then).
 */
export function useUser(): User | null | undefined {
  return useQuery(currentUserQueryOptions()).data;
}

function isCurrentUserQuery(queryKey: readonly unknown[]) {
  return queryKey[0] === currentUserQueryKey[0] && queryKey[1] === currentUserQueryKey[1];
}

/** Drops every cached answer that belonged to whoever was signed in before. */
function forgetOtherQueries(queryClient: QueryClient) {
  queryClient.removeQueries({ predicate: (query) => !isCurrentUserQuery(query.queryKey) });
}

/** After login or register: a new person's data starts from an empty cache. */
export function startSession(queryClient: QueryClient, user: User) {
  forgetOtherQueries(queryClient);
  rememberUser(queryClient, user);
}

/** After an update to the signed-in user's own record (e.g. display name). */
export function rememberUser(queryClient: QueryClient, user: User) {
  writeStoredUser(user);
  queryClient.setQueryData(currentUserQueryKey, user);
}

/** After logout, account deletion, or any 401: the session is over. */
export function endSession(queryClient: QueryClient) {
  writeStoredUser(null);
  void queryClient.cancelQueries({ predicate: (query) => !isCurrentUserQuery(query.queryKey) });
  forgetOtherQueries(queryClient);
  queryClient.setQueryData(currentUserQueryKey, null);
}
