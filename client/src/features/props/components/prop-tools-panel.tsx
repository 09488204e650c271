import type { Prop } from '@shared/contract/props';
import type { GroupLockSettings } from '@shared/domain/lock-state';
import { EditCustomPropDialog } from './custom-prop-dialogs';
import { DeletePropButton } from './delete-prop-button';
import { PropResultControls } from './prop-result-controls';

/** What a card's Manage button opens; its own chunk. */
export function PropToolsPanel({
  prop,
  scope,
  group,
  now,
  canManage,
}: {
  prop: Prop;
  scope: { groupId: number; userId: number };
  group: GroupLockSettings;
  now: Date;
  canManage: boolean;
}) {
  const manageButtons = canManage ? (
    <>
      {prop.canEdit ? <EditCustomPropDialog prop={prop} scope={scope} /> : null}
      {prop.canDelete ? <DeletePropButton prop={prop} scope={scope} /> : null}
    </>
  ) : null;
  return prop.canSetResult ? (
    <PropResultControls key={prop.result ?? ''} prop={prop} scope={scope} group={group} now={now}>
      {manageButtons}
    </PropResultControls>
  ) : (
    <div className="flex flex-wrap gap-2">{manageButtons}</div>
  );
}
