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

export type JoinGroupValues = z.output<typeof joinGroupInputSchema>;
export type JoinOfficialValues = z.output<typeof joinOfficialInputSchema>;

export interface JoinOutcome {
  group: GroupDetails;
  /** The code was that of a group the user is already in: they are taken there. */
  alreadyMember: boolean;
}

/** Joins with an invite code (the server matches it whatever the case). */
export async function joinGroup(input: JoinGroupValues): Promise<JoinOutcome> {
  const { group, alreadyMember } = await callApi(groupsContract.join, {
    body: { code: input.code },
  });
  return { group, alreadyMember };
}

/** The toast after a join by code: a member coming back is welcomed back, not "joined". */
export const joinToastOf = ({ group, alreadyMember }: JoinOutcome) =>
  alreadyMember
    ? { title: `You're already in ${group.name}`, description: 'Here it is.' }
    : { title: 'Joined group successfully!', description: `Welcome to ${group.name}!` };

/** Joins an official event; the Discord or Reddit name is stored with the membership. */
export async function joinOfficialEvent(input: JoinOfficialValues): Promise<GroupDetails> {
  const body = { groupId: input.groupId, socialUsername: input.socialUsername };
  return (await callApi(groupsContract.joinOfficial, { body })).group;
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

/** Joining happens on home: the join card turns into a group card before the dialog closes. */
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
