import { queryOptions, useQuery, type QueryClient } from '@tanstack/react-query';
import type * as AuthContract from '@shared/contract/auth';
import type { User } from '@shared/contract/auth';
import { callApi, isApiError } from '@client/lib/api-client';

/** Product rules §3. */
const STORED_USER_KEY = 'user';

export const currentUserQueryKey = ['auth', 'me'] as const;

/**
 * The contract (and with it zod) is not part of the landing's first paint: it loads when
 * the session is first asked for.
 */
let auth: typeof AuthContract | undefined;
export async function loadAuthContract() {
  auth ??= await import('@shared/contract/auth');
  return auth;
}

/** Only paints the header before the server answers: anything unreadable counts as signed out. */
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
    // Server down or failing: keep what this browser last knew until something answers.
    return readStoredUser();
  }
}

/**
 * The server sends the prerendered landing only to a browser without a session cookie, so
 * it can be hydrated before `/api/auth/me` answers.
 */
let signedOutPerServer = false;
export function markSignedOutPerServer() {
  signedOutPerServer = true;
}

export const currentUserQueryOptions = () =>
  queryOptions({
    queryKey: currentUserQueryKey,
    queryFn: getCurrentUser,
    // Read once a visit: a refusal with 401 anywhere signs the page out.
    refetchOnMount: false,
    // Not initialData: data never goes stale, so initial data would never be checked.
    placeholderData: () => (signedOutPerServer ? null : (readStoredUser() ?? undefined)),
  });

/** null when signed out, undefined while not yet known. */
export function useUser(): User | null | undefined {
  return useQuery(currentUserQueryOptions()).data;
}

function isCurrentUserQuery(queryKey: readonly unknown[]) {
  return queryKey[0] === currentUserQueryKey[0] && queryKey[1] === currentUserQueryKey[1];
}

function forgetOtherQueries(queryClient: QueryClient) {
  queryClient.removeQueries({ predicate: (query) => !isCurrentUserQuery(query.queryKey) });
}

export function startSession(queryClient: QueryClient, user: User) {
  forgetOtherQueries(queryClient);
  rememberUser(queryClient, user);
}

export function rememberUser(queryClient: QueryClient, user: User) {
  writeStoredUser(user);
  queryClient.setQueryData(currentUserQueryKey, user);
}

/** After logout, account deletion, or any 401. */
export function endSession(queryClient: QueryClient) {
  writeStoredUser(null);
  void queryClient.cancelQueries({ predicate: (query) => !isCurrentUserQuery(query.queryKey) });
  forgetOtherQueries(queryClient);
  queryClient.setQueryData(currentUserQueryKey, null);
}
