import { Bell, BellRing } from 'lucide-react';
import { Link } from 'react-router';
import { Button } from '@client/components/ui/button';
import { toast } from '@client/lib/toast';
import { useThisDevicePush } from '../api/this-device';
import { reportPushFailure } from './report-push-failure';

/** The browser's permission is asked only after this tap. */
export function RemindMeButton() {
  const { state, change } = useThisDevicePush();
  if (state === undefined || state === 'unsupported') return null;
  if (state === 'on') {
    return (
      <Button asChild variant="outline">
        <Link to="/settings#notifications">
          <BellRing aria-hidden />
          Reminders on
        </Link>
      </Button>
    );
  }
  return (
    <Button
      type="button"
      variant="outline"
      pending={change.isPending}
      onClick={() =>
        change.mutate(true, {
          onSuccess: () =>
            toast({
              title: 'Reminders on',
              description:
                'We will remind you before your open props lock. Choose when in Settings.',
            }),
          onError: reportPushFailure,
        })
      }
    >
      <Bell aria-hidden />
      Remind me
    </Button>
  );
}
