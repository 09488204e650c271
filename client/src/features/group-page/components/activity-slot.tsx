import { Activity } from 'lucide-react';
import { SlotCard, SlotEmpty } from './slot-card';

/** SLOT — the props issue replaces this with the 5 newest events and 'All Activity'. */
export function ActivitySlot() {
  return (
    <SlotCard title="Recent Activity" icon={Activity}>
      <SlotEmpty title="No activity yet">Results and changes in the group show here.</SlotEmpty>
    </SlotCard>
  );
}
