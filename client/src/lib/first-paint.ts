/** The group name the server wrote on #root, so the loading screen does not blank it. */
export function firstPaintGroupName(groupId: number): string | undefined {
  if (typeof document === 'undefined') return undefined;
  const root = document.getElementById('root');
  return root?.dataset.groupId === String(groupId) ? root.dataset.groupName : undefined;
}
