import { CircleAlert, RefreshCw, X } from 'lucide-react';
import { useId, useState } from 'react';
import { MASTER_PROP_SPORTS } from '@shared/sports';
import { Button } from '@client/components/ui/button';
import { ConfirmDialog } from '@client/components/ui/confirm-dialog';
import { Card } from '@client/components/ui/card';
import { errorMessage } from '@client/lib/form-errors';
import { toast } from '@client/lib/toast';
import {
  SyncError,
  syncSummaryOf,
  useSyncMasterProps,
  useSyncSources,
  type RemovalToConfirm,
  type SyncCounts,
} from '../api/master-props';
import { invalidRowsOf, type InvalidRowsReport } from '../invalid-rows';

const NO_SHEET_HINT =
  'No spreadsheet is configured: set MASTER_PROPS_SOURCE_NFL or MASTER_PROPS_SOURCE_NCAAF on the server.';

/**
 * Product rules §7. A sheet that would remove master props asks first; one refused for its
 * rows hands them to `onInvalidRows` (shown until dismissed or a new sync).
 */
export function SyncMasterPropsButton({
  onInvalidRows,
}: {
  onInvalidRows: (report: InvalidRowsReport | null) => void;
}) {
  const mutation = useSyncMasterProps();
  const sources = useSyncSources();
  const hintId = useId();
  const [confirming, setConfirming] = useState<{
    counts: SyncCounts;
    toConfirm: RemovalToConfirm[];
  } | null>(null);
  const configured = MASTER_PROP_SPORTS.filter((sport) => sources.data?.[sport] ?? true);
  const noSheet = configured.length === 0;

  const run = async (round: Parameters<typeof mutation.mutateAsync>[0]) => {
    onInvalidRows(null);
    try {
      const outcome = await mutation.mutateAsync(round);
      if (outcome.toConfirm.length > 0) {
        setConfirming(outcome);
        return;
      }
      setConfirming(null);
      toast({
        title: 'Master props synced successfully',
        description: syncSummaryOf(outcome.counts),
      });
    } catch (error) {
      setConfirming(null);
      const report = error instanceof SyncError ? invalidRowsOf(error.sport, error.cause) : null;
      onInvalidRows(report);
      toast({
        title: 'Failed to sync master props',
        description: report
          ? `The ${report.sport} spreadsheet has invalid rows; every one is listed on the page.`
          : errorMessage(error),
        variant: 'destructive',
      });
    }
  };
  return (
    <div className="grid gap-1">
      <Button
        type="button"
        className="w-full sm:w-auto"
        pending={mutation.isPending}
        disabled={noSheet}
        aria-describedby={noSheet ? hintId : undefined}
        onClick={() => void run({ sports: configured, removeMissing: false })}
      >
        {mutation.isPending ? null : <RefreshCw aria-hidden />}
        Sync Master Props with Spreadsheet
      </Button>
      {noSheet ? (
        <p id={hintId} className="text-sm text-muted-foreground">
          {NO_SHEET_HINT}
        </p>
      ) : null}
      <ConfirmDialog
        open={confirming !== null}
        onOpenChange={(open) => {
          if (!open) setConfirming(null);
        }}
        title="Remove master props?"
        description={`${(confirming?.toConfirm ?? []).map((item) => item.message).join(' ')} Groups that imported them keep their copies as their own props.`}
        confirmLabel="Sync and Remove"
        variant="destructive"
        pending={mutation.isPending}
        onConfirm={() => {
          if (!confirming) return;
          void run({
            sports: confirming.toConfirm.map((item) => item.sport),
            removeMissing: true,
            counts: confirming.counts,
          });
        }}
      />
    </div>
  );
}

export function InvalidRowsPanel({
  report,
  onDismiss,
}: {
  report: InvalidRowsReport;
  onDismiss: () => void;
}) {
  const count = report.rows.length;
  return (
    <Card
      role="region"
      aria-labelledby="invalid-rows-title"
      className="grid gap-3 border-destructive p-5"
    >
      <div className="flex items-start gap-3">
        <CircleAlert className="mt-0.5 size-5 shrink-0 text-destructive" aria-hidden />
        <div className="grid min-w-0 flex-1 gap-1">
          <h2 id="invalid-rows-title" className="font-bold text-destructive">
            {report.sport} spreadsheet: {count} invalid {count === 1 ? 'row' : 'rows'}, nothing was
            changed
          </h2>
          <p className="text-sm text-muted-foreground">
            Fix these rows in the sheet (row 1 is the header), then sync again.
          </p>
        </div>
        <Button
          type="button"
          variant="ghost"
          size="icon"
          aria-label="Dismiss the invalid rows"
          onClick={onDismiss}
        >
          <X aria-hidden />
        </Button>
      </div>
      <ul className="grid gap-2 text-sm">
        {report.rows.map(({ row, problems }) => (
          <li key={row} className="grid gap-0.5 rounded-lg bg-destructive-soft px-3 py-2">
            <span className="font-semibold">Row {row}</span>
            <span className="wrap-anywhere">{problems.join('; ')}</span>
          </li>
        ))}
      </ul>
    </Card>
  );
}
