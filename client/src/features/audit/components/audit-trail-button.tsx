import { History } from 'lucide-react';
import { useState } from 'react';
import { AUDIT_KIND_LABELS, type AuditEntry } from '@shared/contract/audit';
import { resultLabel } from '@shared/domain/group-stats';
import { Button } from '@client/components/ui/button';
import {
  Dialog,
  DialogContent,
  DialogDescription,
  DialogHeader,
  DialogTitle,
  DialogTrigger,
} from '@client/components/ui/dialog';
import { LoadingState } from '@client/components/ui/loading-state';
import { errorMessage } from '@client/lib/form-errors';
import { formatDateTime } from '@client/lib/format';
import { useAudit } from '../api/audit';

/** Product rules §4 'Audit trail'. */
export function AuditTrailButton({ groupId }: { groupId: number }) {
  const [open, setOpen] = useState(false);
  return (
    <Dialog open={open} onOpenChange={setOpen}>
      <DialogTrigger asChild>
        <Button type="button" variant="outline">
          <History aria-hidden />
          Audit trail
        </Button>
      </DialogTrigger>
      <DialogContent className="max-h-[90dvh] overflow-y-auto">
        <DialogHeader>
          <DialogTitle>Audit trail</DialogTitle>
          <DialogDescription>
            Every result and every pick reset in this group: who, when, and why.
          </DialogDescription>
        </DialogHeader>
        <AuditList groupId={groupId} open={open} />
      </DialogContent>
    </Dialog>
  );
}

function AuditList({ groupId, open }: { groupId: number; open: boolean }) {
  const audit = useAudit(groupId, open);
  if (audit.isError) {
    return (
      <p role="alert" className="text-sm text-destructive">
        The audit trail could not be loaded: {errorMessage(audit.error)}
      </p>
    );
  }
  if (!audit.data) return <LoadingState className="py-6" />;
  if (audit.data.length === 0) {
    return <p className="text-sm text-muted-foreground">No results have been set yet.</p>;
  }
  return (
    <ol className="grid gap-2" aria-label="Audit entries">
      {audit.data.map((entry) => (
        <li key={entry.id} className="grid gap-0.5 rounded-lg border border-border p-3 text-sm">
          <span className="font-semibold wrap-anywhere">{entry.title}</span>
          <span>{changeOf(entry)}</span>
          {entry.reason ? <span className="wrap-anywhere">Reason: {entry.reason}</span> : null}
          <span className="text-xs text-muted-foreground">
            {actorOf(entry)} · {formatDateTime(entry.createdAt)}
          </span>
        </li>
      ))}
    </ol>
  );
}

const actorOf = (entry: AuditEntry) =>
  entry.actor.type === 'feed' ? 'Scores feed' : (entry.actor.name ?? 'Deleted account');

const valueOf = (value: AuditEntry['from']) =>
  value === null ? 'none' : resultLabel(value.value, value.label);

function changeOf(entry: AuditEntry): string {
  const kind = AUDIT_KIND_LABELS[entry.kind];
  if (entry.kind === 'pick_reset') {
    const count = entry.picksReset ?? 0;
    return `${kind}: ${count} ${count === 1 ? 'pick' : 'picks'} (${valueOf(entry.from)} → ${valueOf(entry.to)})`;
  }
  if (entry.from === null) return `${kind}: ${valueOf(entry.to)}`;
  return `${kind}: ${valueOf(entry.from)} → ${valueOf(entry.to)}`;
}
