import { useMutation } from '@tanstack/react-query';
import { nudgesContract } from '@shared/contract/nudges';
import { callApi } from '@client/lib/api-client';

export const sendNudge = (groupId: number, userId: number) =>
  callApi(nudgesContract.send, { params: { id: groupId }, body: { userId } });

export function useSendNudge(groupId: number) {
  return useMutation({ mutationFn: (userId: number) => sendNudge(groupId, userId) });
}
