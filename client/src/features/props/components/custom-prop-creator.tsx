import { PencilLine } from 'lucide-react';
import { Suspense, useState } from 'react';
import { CollapsiblePanel } from '@client/components/ui/collapsible-panel';
import { LoadingState } from '@client/components/ui/loading-state';
import { lazyNamed } from '@client/lib/lazy-named';

// The form loads when the panel first opens.
const CreateCustomPropForm = lazyNamed(
  () => import('./custom-prop-dialogs'),
  'CreateCustomPropForm',
);

/** Product rules §2: members of a group that allows member props write their own, in a collapsible panel. */
export function CustomPropCreator({ scope }: { scope: { groupId: number; userId: number } }) {
  // A new key after each prop saved starts an empty form.
  const [formKey, setFormKey] = useState(0);
  return (
    <CollapsiblePanel
      title="Custom Prop Creator"
      icon={PencilLine}
      description="Your group lets members add props for everyone to pick."
    >
      <div className="px-5 py-5 sm:px-6">
        <Suspense fallback={<LoadingState />}>
          <CreateCustomPropForm
            key={formKey}
            scope={scope}
            voice="member"
            onCreated={() => {
              setFormKey((key) => key + 1);
            }}
          />
        </Suspense>
      </div>
    </CollapsiblePanel>
  );
}
