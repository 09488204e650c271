/**
 * The group whose name the page's HTML painted before any script ran (the server writes it
 * on #root for a member: server/src/modules/groups/group-page.ts), so the app's loading
 * screen draws the same name in the same place instead of blanking it.
 */
export function firstPaintGroupName(groupId: number): string | undefined {
  if (typeof document === 'undefined') return undefined;
  const root = document.getElementById('root');
  return root?.dataset.groupId === String(groupId) ? root.dataset.groupName : undefined;
}
