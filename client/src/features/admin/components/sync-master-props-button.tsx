import { CircleAlert, RefreshCw, X } from 'lucide-react';
import { Button } from '@client/components/ui/button';
import { Card } from '@client/components/ui/card';
import { errorMessage } from '@client/lib/form-errors';
import { toast } from '@client/lib/toast';
import { SyncError, syncSummaryOf, useSyncMasterProps } from '../api/master-props';
import { invalidRowsOf, type InvalidRowsReport } from '../invalid-rows';

/**
 * Product rules §7: the NFL sheet, then the NCAAF sheet; the toast gives both counts. A sheet
 * refused for its rows hands every invalid row to `onInvalidRows` (the panel below stays
 * until dismissed); a new sync clears it.
 */
export function SyncMasterPropsButton({
  onInvalidRows,
}: {
  onInvalidRows: (report: InvalidRowsReport | null) => void;
}) {
  const mutation = useSyncMasterProps();
  const sync = async () => {
    onInvalidRows(null);
    try {
      const counts = await mutation.mutateAsync();
      toast({
        title: 'Master props synced successfully',
        description: syncSummaryOf(counts),
      });
    } catch (error) {
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
    <Button
      type="button"
      className="w-full sm:w-auto"
      pending={mutation.isPending}
      onClick={() => void sync()}
    >
      {mutation.isPending ? null : <RefreshCw aria-hidden />}
      Sync Master Props with Spreadsheet
    </Button>
  );
}

/** Every invalid row of a refused sheet, by its row number, until the operator dismisses it. */
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
            <span className="break-words">{problems.join('; ')}</span>
          </li>
        ))}
      </ul>
    </Card>
  );
}
