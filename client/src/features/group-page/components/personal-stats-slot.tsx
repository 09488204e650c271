import { ChartNoAxesColumn } from 'lucide-react';
import { SlotCard, SlotEmpty } from './slot-card';

/**
 * SLOT — the props issue replaces this with the personal stats card (wins, losses,
 * win rate, pending). With no props yet nothing can have been decided.
 */
export function PersonalStatsSlot() {
  return (
    <SlotCard title="Your Stats" icon={ChartNoAxesColumn}>
      <SlotEmpty title="No completed props yet">
        Your wins, losses and win rate show here once results come in.
      </SlotEmpty>
    </SlotCard>
  );
}
