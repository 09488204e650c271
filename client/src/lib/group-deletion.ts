import type { QueryClient } from '@tanstack/react-query';
import type { GroupDetails } from '@shared/contract/groups';
import { groupDeletionQueryKey, groupDetailsQueryKey, leaderboardQueryKey } from './query-keys';

export interface GroupDeletion {
  groupName: string;
  byName: string | null;
}

/** Kept before the group is read again (and refused), so the page says who deleted it. */
export function rememberGroupDeletion(queryClient: QueryClient, groupId: number) {
  const group = queryClient.getQueryData<GroupDetails>(groupDetailsQueryKey(groupId));
  if (!group) return;
  const deletion: GroupDeletion = {
    groupName: group.name,
    byName: leaderNameOf(queryClient, groupId, group.leaderId),
  };
  queryClient.setQueryData(groupDeletionQueryKey(groupId), deletion);
}

export function groupDeletionOf(
  queryClient: QueryClient,
  groupId: number,
): GroupDeletion | undefined {
  return queryClient.getQueryData<GroupDeletion>(groupDeletionQueryKey(groupId));
}

type Row = { user: { id: number; displayName: string } };

function leaderNameOf(queryClient: QueryClient, groupId: number, leaderId: number) {
  for (const [, data] of queryClient.getQueriesData<unknown>({
    queryKey: leaderboardQueryKey(groupId),
  })) {
    const pages =
      data && typeof data === 'object' && 'pages' in data && Array.isArray(data.pages)
        ? (data.pages as unknown[])
        : [data];
    for (const page of pages) {
      const entries =
        page && typeof page === 'object' && 'entries' in page && Array.isArray(page.entries)
          ? (page.entries as Row[])
          : [];
      const leader = entries.find((entry) => entry.user.id === leaderId);
      if (leader) return leader.user.displayName;
    }
  }
  return null;
}
