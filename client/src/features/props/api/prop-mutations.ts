import { useMutation, useQueryClient, type QueryClient } from '@tanstack/react-query';
import { groupsContract } from '@shared/contract/groups';
import { propsContract, type Prop, type UserPrediction } from '@shared/contract/props';
import type { RawPropOption } from '@shared/domain/prop-options';
import { callApi } from '@client/lib/api-client';
import { groupPropsQueryKey, refreshGroupScores } from '@client/lib/query-keys';

/**
 * What the Custom Prop form sends (spec §5): the sport choice with its custom name, the
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

export async function generateSampleProps(groupId: number) {
  return callApi(propsContract.generateProps, { params: { id: groupId } });
}

export async function deleteUnlockedProps(groupId: number) {
  return callApi(groupsContract.deleteUnlockedProps, { params: { id: groupId } });
}

/** The pick shows on every cached list at once, before the lists are read again. */
function showPick(queryClient: QueryClient, groupId: number, pick: UserPrediction) {
  queryClient.setQueriesData<Prop[]>({ queryKey: groupPropsQueryKey(groupId) }, (props) =>
    props?.map((prop) =>
      prop.id === pick.predictionId
        ? {
            ...prop,
            myPick: { id: pick.id, selectedOption: pick.selectedOption, isCorrect: pick.isCorrect },
            outcome: 'pending',
          }
        : prop,
    ),
  );
}

interface GroupScope {
  groupId: number;
  userId: number;
}

/** Names the pick mutation, so the app can notice a member's first pick (the install offer). */
export const savePickMutationKey = ['picks', 'save'] as const;

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

export function usePick(scope: GroupScope) {
  return useGroupMutation(
    scope,
    ({ propId, option }: { propId: number; option: string }) => savePick(propId, option),
    (queryClient, pick) => showPick(queryClient, scope.groupId, pick),
    savePickMutationKey,
  );
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
  return useGroupMutation(scope, () => generateSampleProps(scope.groupId));
}

export function useDeleteUnlockedProps(scope: GroupScope) {
  return useGroupMutation(scope, () => deleteUnlockedProps(scope.groupId));
}
