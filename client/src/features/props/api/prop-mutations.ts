import {
  onlineManager,
  useMutation,
  useQueryClient,
  type QueryClient,
} from '@tanstack/react-query';
import { groupsContract } from '@shared/contract/groups';
import {
  propsContract,
  type GeneratePropsBody,
  type MemberStats,
  type Prop,
  type UserPrediction,
} from '@shared/contract/props';
import type { RawPropOption } from '@shared/domain/prop-options';
import { callApi } from '@client/lib/api-client';
import { errorMessage } from '@client/lib/form-errors';
import { forgetPickSent, notePickSent } from '@client/lib/picks-sent-here';
import {
  groupPropsQueryKey,
  memberStatsQueryKey,
  myPicksQueryKey,
  refreshGroupScores,
  savePickMutationKey,
  userGroupsQueryKey,
} from '@client/lib/query-keys';
import { toast } from '@client/lib/toast';
import { forgetPendingPick, keepPendingPick } from './pending-picks';

/** Product rules §5. Game Lock Time is '' when missing, so the server answers with the spec's message. */
export interface CustomPropPayload {
  sport: string;
  customSport: string;
  title: string;
  description: string;
  options: RawPropOption[];
  gameDate: string;
}

export async function createProp(groupId: number, payload: CustomPropPayload): Promise<Prop> {
  return callApi(propsContract.create, { body: { ...payload, groupId } });
}

export async function editProp(propId: number, payload: CustomPropPayload): Promise<Prop> {
  return callApi(propsContract.update, { params: { id: propId }, body: { ...payload } });
}

/** 'N/A' voids, null removes; the reason is required on a linked prop (it overrides the feed). */
export async function setPropResult(
  propId: number,
  result: string | null,
  reason: string | null = null,
): Promise<Prop> {
  return callApi(propsContract.update, { params: { id: propId }, body: { result, reason } });
}

export async function returnPropToAutomatic(propId: number): Promise<Prop> {
  return callApi(propsContract.automatic, { params: { id: propId } });
}

export async function deleteProp(propId: number): Promise<void> {
  await callApi(propsContract.remove, { params: { id: propId } });
}

/** Creates or changes: the server decides which. */
export async function savePick(predictionId: number, selectedOption: string) {
  return callApi(propsContract.createPick, { body: { predictionId, selectedOption } });
}

export async function generateSampleProps(groupId: number, body: GeneratePropsBody) {
  return callApi(propsContract.generateProps, { params: { id: groupId }, body });
}

export async function deleteUnlockedProps(groupId: number) {
  return callApi(groupsContract.deleteUnlockedProps, { params: { id: groupId } });
}

export function withMyPick(prop: Prop, myPick: Prop['myPick']): Prop {
  return { ...prop, myPick, outcome: myPick ? 'pending' : 'unpicked' };
}

export const unsavedPick = (previous: Prop['myPick'], option: string): Prop['myPick'] => ({
  id: previous?.id ?? -1,
  selectedOption: option,
  isCorrect: null,
});

function showPick(
  queryClient: QueryClient,
  groupId: number,
  propId: number,
  myPick: Prop['myPick'],
) {
  queryClient.setQueriesData<Prop[]>({ queryKey: groupPropsQueryKey(groupId) }, (props) =>
    props?.map((prop) => (prop.id === propId ? withMyPick(prop, myPick) : prop)),
  );
}

interface GroupScope {
  groupId: number;
  userId: number;
}

/**
 * A pick is only made on an open prop: it moves no win, loss or position and records no
 * activity, so nothing is read again. A new pick (updatedAt equal to createdAt) adds one
 * to the viewer's pending count; the home cards' counts are marked stale.
 */
function countPick(
  queryClient: QueryClient,
  { groupId, userId }: GroupScope,
  pick: UserPrediction,
) {
  if (pick.createdAt === pick.updatedAt) {
    queryClient.setQueryData<MemberStats>(memberStatsQueryKey(groupId), (stats) =>
      stats ? { ...stats, pending: stats.pending + 1 } : stats,
    );
  }
  void queryClient.invalidateQueries({ queryKey: userGroupsQueryKey(userId), refetchType: 'none' });
}

function useGroupMutation<Variables, Result>(
  { groupId, userId }: GroupScope,
  mutationFn: (variables: Variables) => Promise<Result>,
  onResult?: (queryClient: QueryClient, result: Result) => void,
  mutationKey?: readonly unknown[],
) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationKey,
    mutationFn,
    onSuccess: (result) => {
      onResult?.(queryClient, result);
      void refreshGroupScores(queryClient, groupId, userId);
    },
  });
}

// Starts with savePickMutationKey: the app shell watches it for the first pick.
const pickMutationKey = (groupId: number) => [...savePickMutationKey, groupId] as const;

/**
 * The option shows in the frame of the tap and is put back if the server refuses. Picks on
 * one prop go out one after another (the mutation scope), so the last tap wins. One pick is
 * one request.
 */
export function usePick(scope: GroupScope, prop: Pick<Prop, 'id' | 'title' | 'myPick'>) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationKey: pickMutationKey(scope.groupId),
    scope: { id: `pick-${prop.id}` },
    mutationFn: ({ propId, option }: { propId: number; option: string }) => {
      notePickSent(queryClient, scope.groupId, propId);
      return savePick(propId, option);
    },
    onMutate: async ({ propId, option }) => {
      const previous = prop.myPick;
      // Offline, the tap waits in this page only: a copy outlives a reload.
      if (!onlineManager.isOnline()) {
        await keepPendingPick({
          userId: scope.userId,
          groupId: scope.groupId,
          propId,
          option,
          title: prop.title,
          queuedAt: Date.now(),
        }).catch(() => undefined);
      }
      // A list being read now must not land on top of the pick just shown.
      await queryClient.cancelQueries({ queryKey: groupPropsQueryKey(scope.groupId) });
      showPick(queryClient, scope.groupId, propId, unsavedPick(previous, option));
      return { previous };
    },
    onSuccess: (pick) => {
      showPick(queryClient, scope.groupId, pick.predictionId, {
        id: pick.id,
        selectedOption: pick.selectedOption,
        isCorrect: pick.isCorrect,
      });
      countPick(queryClient, scope, pick);
      // A new pick takes a confidence in its round; read only where it is shown.
      void queryClient.invalidateQueries({ queryKey: myPicksQueryKey(scope.groupId) });
    },
    onError: (error, { propId }, context) => {
      forgetPickSent(queryClient, scope.groupId, propId);
      showPick(queryClient, scope.groupId, propId, context?.previous ?? null);
      toast({
        title: 'Failed to save pick',
        description: `Your pick on "${prop.title}" was not saved: ${errorMessage(error)}`,
        variant: 'destructive',
      });
      // The refusal may say the prop has locked meanwhile.
      void refreshGroupScores(queryClient, scope.groupId, scope.userId);
    },
    onSettled: (_pick, _error, { propId, option }) =>
      forgetPendingPick(scope.userId, propId, option).catch(() => undefined),
  });
}

export function useCreateProp(scope: GroupScope) {
  return useGroupMutation(scope, (payload: CustomPropPayload) =>
    createProp(scope.groupId, payload),
  );
}

export function useEditProp(scope: GroupScope, propId: number) {
  return useGroupMutation(scope, (payload: CustomPropPayload) => editProp(propId, payload));
}

export function useSetPropResult(scope: GroupScope, propId: number) {
  return useGroupMutation(
    scope,
    ({ result, reason }: { result: string | null; reason: string | null }) =>
      setPropResult(propId, result, reason),
  );
}

export function useReturnToAutomatic(scope: GroupScope, propId: number) {
  return useGroupMutation(scope, () => returnPropToAutomatic(propId));
}

export function useDeleteProp(scope: GroupScope, propId: number) {
  return useGroupMutation(scope, () => deleteProp(propId));
}

export function useGenerateSampleProps(scope: GroupScope) {
  return useGroupMutation(scope, (body: GeneratePropsBody) =>
    generateSampleProps(scope.groupId, body),
  );
}

export function useDeleteUnlockedProps(scope: GroupScope) {
  return useGroupMutation(scope, () => deleteUnlockedProps(scope.groupId));
}
