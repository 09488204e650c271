import { ChevronRight, Crown, Trophy } from 'lucide-react';
import type { ReactNode } from 'react';
import { Link } from 'react-router';
import type { UserGroupSummary } from '@shared/contract/users';
import { formatDate } from '@client/lib/format';

/** A link to one group. The groups issue adds per-group stats here. */
export function GroupCard({ group }: { group: UserGroupSummary }) {
  return (
    <Link
      to={`/group/${group.id}`}
      className="group flex h-full min-h-24 items-center gap-4 rounded-xl border border-border bg-card p-5 shadow-sm transition hover:border-primary hover:shadow-md focus-visible:ring-2 focus-visible:ring-ring focus-visible:ring-offset-2 focus-visible:outline-none"
    >
      <div className="grid min-w-0 flex-1 gap-2">
        <h2 className="line-clamp-2 text-lg leading-snug font-bold break-words">{group.name}</h2>
        <div className="flex flex-wrap items-center gap-2 text-sm text-muted-foreground">
          {group.isLeader ? (
            <Badge icon={<Crown className="size-3.5" aria-hidden />}>Leader</Badge>
          ) : null}
          {group.isOfficial ? (
            <Badge icon={<Trophy className="size-3.5" aria-hidden />}>Official</Badge>
          ) : null}
          <span>Created {formatDate(group.createdAt)}</span>
        </div>
      </div>
      <ChevronRight
        className="size-5 shrink-0 text-muted-foreground transition-transform group-hover:translate-x-0.5"
        aria-hidden
      />
    </Link>
  );
}

function Badge({ icon, children }: { icon: ReactNode; children: ReactNode }) {
  return (
    <span className="inline-flex items-center gap-1 rounded-full bg-primary-soft px-2.5 py-0.5 text-xs font-semibold text-primary-soft-foreground">
      {icon}
      {children}
    </span>
  );
}
