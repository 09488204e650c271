import { useMutation, useQueryClient, type QueryClient } from '@tanstack/react-query';
import { groupsContract } from '@shared/contract/groups';
import {
  propsContract,
  type MemberStats,
  type Prop,
  type UserPrediction,
} from '@shared/contract/props';
import type { RawPropOption } from '@shared/domain/prop-options';
import type { SampleSport } from '@shared/sample-props';
import { callApi } from '@client/lib/api-client';
import { errorMessage } from '@client/lib/form-errors';
import {
  groupPropsQueryKey,
  memberStatsQueryKey,
  refreshGroupScores,
  savePickMutationKey,
  userGroupsQueryKey,
} from '@client/lib/query-keys';
import { toast } from '@client/lib/toast';

/**
 * What the Custom Prop form sends (product rules §5): the sport choice with its custom name, the
 * options (text typed, or an option kept as it was when editing), and the Game Lock Time
 * as an ISO instant ('' when missing, so the server answers with the spec's message too).
 */
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

/** An option value, 'N/A' to void the prop, or null to remove the result. */
export async function setPropResult(propId: number, result: string | null): Promise<Prop> {
  return callApi(propsContract.update, { params: { id: propId }, body: { result } });
}

export async function deleteProp(propId: number): Promise<void> {
  await callApi(propsContract.remove, { params: { id: propId } });
}

/** Creates the viewer's pick on a prop, or changes it: the server decides which. */
export async function savePick(predictionId: number, selectedOption: string) {
  return callApi(propsContract.createPick, { body: { predictionId, selectedOption } });
}

/** The chosen sports' sample props the group does not have yet. */
export async function generateSampleProps(groupId: number, sports: readonly SampleSport[]) {
  return callApi(propsContract.generateProps, {
    params: { id: groupId },
    body: { sports: [...sports] },
  });
}

export async function deleteUnlockedProps(groupId: number) {
  return callApi(groupsContract.deleteUnlockedProps, { params: { id: groupId } });
}

/** The prop with `myPick` as the viewer's pick: pending while there is one, else unpicked. */
export function withMyPick(prop: Prop, myPick: Prop['myPick']): Prop {
  return { ...prop, myPick, outcome: myPick ? 'pending' : 'unpicked' };
}

/** The viewer's pick of `option` before the server has answered (the old pick's id, if any). */
export const unsavedPick = (previous: Prop['myPick'], option: string): Prop['myPick'] => ({
  id: previous?.id ?? -1,
  selectedOption: option,
  isCorrect: null,
});

/** A pick on every cached list of the group: shown at once, or put back after a refusal. */
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
 * What a saved pick changes besides the prop's own card (decision 0019), without reading
 * anything again: a pick is only made on an open prop, so it never moves a win, a loss or
 * a position, and it records no activity. A new pick adds one to the viewer's pending
 * count; a new pick is one whose updatedAt is its createdAt (the server's one statement
 * sets both; a change sets updatedAt later). The home cards' counts are marked stale,
 * read again when the home screen next shows them.
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
 * The viewer's pick on one prop (decision 0016). The chosen option shows in the same
 * frame as the tap (before the request leaves) and is put back if the server refuses,
 * with the toast saying why. Picks on one prop go out one after another (the mutation
 * scope), so the last tap is what the server keeps. One pick is one request: its answer
 * updates the cache (countPick), nothing is read again unless the server refuses.
 */
export function usePick(scope: GroupScope, prop: Pick<Prop, 'id' | 'title' | 'myPick'>) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationKey: pickMutationKey(scope.groupId),
    scope: { id: `pick-${prop.id}` },
    mutationFn: ({ propId, option }: { propId: number; option: string }) =>
      savePick(propId, option),
    onMutate: async ({ propId, option }) => {
      const previous = prop.myPick;
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
    },
    onError: (error, { propId }, context) => {
      showPick(queryClient, scope.groupId, propId, context?.previous ?? null);
      toast({
        title: 'Failed to save pick',
        description: `Your pick on "${prop.title}" was not saved: ${errorMessage(error)}`,
        variant: 'destructive',
      });
      // The refusal may say the prop has locked meanwhile: read the truth again.
      void refreshGroupScores(queryClient, scope.groupId, scope.userId);
    },
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
  return useGroupMutation(scope, (result: string | null) => setPropResult(propId, result));
}

export function useDeleteProp(scope: GroupScope, propId: number) {
  return useGroupMutation(scope, () => deleteProp(propId));
}

export function useGenerateSampleProps(scope: GroupScope) {
  return useGroupMutation(scope, (sports: readonly SampleSport[]) =>
    generateSampleProps(scope.groupId, sports),
  );
}

export function useDeleteUnlockedProps(scope: GroupScope) {
  return useGroupMutation(scope, () => deleteUnlockedProps(scope.groupId));
}
