import { matchPath, useLocation } from 'react-router';
import { LoadingState } from '@client/components/ui/loading-state';
import { parseGroupId } from '@client/features/groups/api/group-details';
import { GroupLoadingScreen } from '@client/features/groups/components/group-loading-screen';
import { firstPaintGroupName } from '@client/lib/first-paint';

/**
 * A whole screen on its way. On a group page whose HTML painted the group's name, the name
 * stays above the loading line.
 */
export function ScreenLoading() {
  const { pathname } = useLocation();
  const groupId = parseGroupId(matchPath('/group/:id', pathname)?.params.id);
  const name = groupId === null ? undefined : firstPaintGroupName(groupId);
  return name === undefined ? <LoadingState screen /> : <GroupLoadingScreen name={name} />;
}
