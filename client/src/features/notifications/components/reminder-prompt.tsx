import { Bell, Mail, Share } from 'lucide-react';
import { useEffect, useSyncExternalStore } from 'react';
import { Link } from 'react-router';
import { Button } from '@client/components/ui/button';
import { isIosSafari, isStandalone } from '@client/lib/platform';
import {
  clearReminderPrompt,
  reminderPromptGroup,
  subscribeReminderPrompt,
} from '@client/lib/reminder-prompt';
import { toast } from '@client/lib/toast';
import { useThisDevicePush } from '../api/this-device';
import { reportPushFailure } from './report-push-failure';

/**
 * Asked once on a group just joined: push where this browser can, on an iPhone outside the
 * installed app the Add to Home Screen hint first (Safari pushes only from there), else e-mail.
 */
export function ReminderPrompt({
  groupId,
  emailAvailable,
}: {
  groupId: number;
  emailAvailable: boolean | undefined;
}) {
  const pending = useSyncExternalStore(subscribeReminderPrompt, reminderPromptGroup, () => null);
  const { state, change } = useThisDevicePush();
  const already = state === 'on';
  useEffect(() => {
    if (pending === groupId && already) clearReminderPrompt();
  }, [pending, groupId, already]);
  if (pending !== groupId || state === undefined || already) return null;

  const homeScreenFirst = isIosSafari() && !isStandalone();
  const byPush = state === 'off' && !homeScreenFirst;
  if (!byPush && !homeScreenFirst && !emailAvailable) return null;

  return (
    <section
      aria-labelledby="reminder-prompt-title"
      className="grid gap-3 rounded-xl border border-border bg-card p-4 shadow-sm"
    >
      <div className="grid gap-1">
        <h2 id="reminder-prompt-title" className="font-bold">
          Get a reminder before picks lock?
        </h2>
        <p className="text-sm text-muted-foreground">
          {homeScreenFirst ? (
            <>
              On an iPhone, reminders come to Pick'em on your Home Screen: tap{' '}
              <Share className="inline size-4 align-[-3px]" aria-label="Share" /> Share, then{' '}
              <span className="font-semibold text-foreground">Add to Home Screen</span>, and open it
              from there.
            </>
          ) : byPush ? (
            'We will let you know before your open props lock, only when you still have picks to make.'
          ) : (
            'This browser cannot show notifications, but we can e-mail you before your open props lock.'
          )}
        </p>
      </div>
      <div className="flex flex-wrap gap-2">
        {byPush ? (
          <Button
            type="button"
            pending={change.isPending}
            onClick={() =>
              change.mutate(true, {
                onSuccess: () => {
                  clearReminderPrompt();
                  toast({
                    title: 'Reminders on',
                    description: 'Choose when in Settings.',
                  });
                },
                onError: reportPushFailure,
              })
            }
          >
            <Bell aria-hidden />
            Turn On Reminders
          </Button>
        ) : null}
        {!byPush && emailAvailable ? (
          <Button asChild variant={homeScreenFirst ? 'outline' : 'default'}>
            <Link to="/settings#notifications" onClick={clearReminderPrompt}>
              <Mail aria-hidden />
              {homeScreenFirst ? 'Or by E-mail' : 'Remind Me by E-mail'}
            </Link>
          </Button>
        ) : null}
        <Button type="button" variant="ghost" onClick={clearReminderPrompt}>
          {homeScreenFirst ? 'Got It' : 'Not Now'}
        </Button>
      </div>
    </section>
  );
}
