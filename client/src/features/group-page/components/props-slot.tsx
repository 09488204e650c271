import { ListChecks } from 'lucide-react';
import { SlotCard, SlotEmpty } from './slot-card';

/**
 * SLOT — the props issue replaces this with the sport filter and the props grid.
 * Until then a group has no props, so it shows the spec's empty state.
 */
export function PropsSlot({ isLeader }: { isLeader: boolean }) {
  return (
    <SlotCard title="Props" icon={ListChecks}>
      <SlotEmpty title="No props available yet">
        {isLeader
          ? 'Props you add will show here for your group to pick.'
          : 'Props will show here for you to pick once your leader adds them.'}
      </SlotEmpty>
    </SlotCard>
  );
}
