import { useMutation, useQueryClient } from '@tanstack/react-query';
import { groupsContract, type GroupMember } from '@shared/contract/groups';
import { callApi } from '@client/lib/api-client';
import { groupMembersQueryKey } from './group-members';
import { groupQueryKey, refreshUserGroups } from '@client/lib/query-keys';

export interface PaymentStatusChange {
  memberId: number;
  isPaid: boolean;
}

export async function setPaymentStatus(
  groupId: number,
  { memberId, isPaid }: PaymentStatusChange,
): Promise<GroupMember> {
  const body = { userId: memberId, isPaid };
  return callApi(groupsContract.paymentStatus, { params: { id: groupId }, body });
}

/** The member's row changes at once; the rest of the group is read again. */
export function useSetPaymentStatus(userId: number, groupId: number) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (change: PaymentStatusChange) => setPaymentStatus(groupId, change),
    onSuccess: (member) => {
      queryClient.setQueryData<GroupMember[]>(groupMembersQueryKey(groupId), (members) =>
        members?.map((candidate) => (candidate.id === member.id ? member : candidate)),
      );
      void Promise.all([
        queryClient.invalidateQueries({ queryKey: groupQueryKey(groupId) }),
        refreshUserGroups(queryClient, userId),
      ]);
    },
  });
}
