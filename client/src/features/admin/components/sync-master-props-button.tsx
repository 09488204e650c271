import { RefreshCw } from 'lucide-react';
import { Button } from '@client/components/ui/button';
import { errorMessage } from '@client/lib/form-errors';
import { toast } from '@client/lib/toast';
import { useSyncMasterProps } from '../api/master-props';

/** Spec §7: the NFL sheet, then the NCAAF sheet; the toast gives both counts. */
export function SyncMasterPropsButton() {
  const mutation = useSyncMasterProps();
  const sync = async () => {
    try {
      const counts = await mutation.mutateAsync();
      toast({
        title: 'Master props synced successfully',
        description: `Synced ${counts.NFL} NFL props and ${counts.NCAAF} NCAAF props to match spreadsheet`,
      });
    } catch (error) {
      toast({
        title: 'Failed to sync master props',
        description: errorMessage(error),
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
