import { Crown, Medal } from 'lucide-react';
import { LoadingState } from '@client/components/ui/loading-state';
import { SlotCard } from './slot-card';

export interface LeaderboardSlotMember {
  id: number;
  displayName: string;
  isLeader: boolean;
}

interface LeaderboardSlotProps {
  /** undefined while loading. */
  members: readonly LeaderboardSlotMember[] | undefined;
  viewerId: number;
}

/**
 * SLOT — the props issue replaces this with the real leaderboard (GET /api/leaderboard).
 * Before any prop exists every member stands at 0–0, so the member list is the board.
 */
export function LeaderboardSlot({ members, viewerId }: LeaderboardSlotProps) {
  return (
    <SlotCard title="Leaderboard" icon={Medal}>
      {members === undefined ? (
        <LoadingState className="py-6" />
      ) : (
        <ol aria-label="Standings" className="grid divide-y divide-border text-sm">
          {members.map((member) => (
            <li key={member.id} className="flex min-h-11 items-center gap-3 py-2">
              <span className="flex min-w-0 flex-1 items-center gap-1.5 font-medium">
                <span className="truncate">{member.displayName}</span>
                {member.id === viewerId ? (
                  <span className="shrink-0 text-muted-foreground">(you)</span>
                ) : null}
                {member.isLeader ? (
                  <Crown className="size-4 shrink-0 text-primary" role="img" aria-label="Leader" />
                ) : null}
              </span>
              <span className="shrink-0 font-semibold whitespace-nowrap tabular-nums">
                <span className="sr-only">Record </span>0–0
              </span>
            </li>
          ))}
        </ol>
      )}
    </SlotCard>
  );
}
