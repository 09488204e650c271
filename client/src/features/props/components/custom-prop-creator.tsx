import { PencilLine } from 'lucide-react';
import { Suspense, useState } from 'react';
import { CollapsiblePanel } from '@client/components/ui/collapsible-panel';
import { LoadingState } from '@client/components/ui/loading-state';
import { lazyNamed } from '@client/lib/lazy-named';

const CreateCustomPropForm = lazyNamed(
  () => import('./custom-prop-dialogs'),
  'CreateCustomPropForm',
);

/** Product rules §2: member props. */
export function CustomPropCreator({ scope }: { scope: { groupId: number; userId: number } }) {
  // A new key after each save starts an empty form.
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
