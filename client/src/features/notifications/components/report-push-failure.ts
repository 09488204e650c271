import { isApiError } from '@client/lib/api-client';
import { toast } from '@client/lib/toast';
import { PushRefusedError } from '../api/this-device';

export function reportPushFailure(error: unknown) {
  const description =
    error instanceof PushRefusedError || isApiError(error)
      ? error.message
      : 'This browser could not turn on notifications. Try again later.';
  toast({ title: 'Reminders are not on', description, variant: 'destructive' });
}
