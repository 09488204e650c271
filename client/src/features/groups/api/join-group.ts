import { useMutation, useQueryClient } from '@tanstack/react-query';
import type { z } from 'zod';
import {
  groupsContract,
  type GroupDetails,
  type joinGroupInputSchema,
  type joinOfficialInputSchema,
} from '@shared/contract/groups';
import { callApi } from '@client/lib/api-client';
import { cacheGroupDetails } from './group-details';
import { refreshUserGroups } from '@client/lib/query-keys';
import { offerReminderAfterJoin } from '@client/lib/reminder-prompt';

export type JoinGroupValues = z.output<typeof joinGroupInputSchema>;
export type JoinOfficialValues = z.output<typeof joinOfficialInputSchema>;

export interface JoinOutcome {
  group: GroupDetails;
  alreadyMember: boolean;
}

export async function joinGroup(input: JoinGroupValues): Promise<JoinOutcome> {
  const { group, alreadyMember } = await callApi(groupsContract.join, {
    body: { code: input.code },
  });
  if (!alreadyMember) offerReminderAfterJoin(group.id);
  return { group, alreadyMember };
}

/** A member coming back is welcomed back, not "joined". */
export const joinToastOf = ({ group, alreadyMember }: JoinOutcome) =>
  alreadyMember
    ? { title: `You're already in ${group.name}`, description: 'Here it is.' }
    : { title: 'Joined group successfully!', description: `Welcome to ${group.name}!` };

export async function joinOfficialEvent(input: JoinOfficialValues): Promise<GroupDetails> {
  const body = { groupId: input.groupId, socialUsername: input.socialUsername };
  const { group } = await callApi(groupsContract.joinOfficial, { body });
  offerReminderAfterJoin(group.id);
  return group;
}

export function useJoinGroup(userId: number) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: joinGroup,
    onSuccess: ({ group }) => {
      cacheGroupDetails(queryClient, group);
      void refreshUserGroups(queryClient, userId);
    },
  });
}

/** The join card turns into a group card before the dialog closes. */
export function useJoinOfficialEvent(userId: number) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: joinOfficialEvent,
    onSuccess: async (group) => {
      cacheGroupDetails(queryClient, group);
      await refreshUserGroups(queryClient, userId);
    },
  });
}
