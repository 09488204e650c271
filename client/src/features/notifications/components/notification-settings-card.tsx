import { BellOff } from 'lucide-react';
import type { NotificationSettings } from '@shared/contract/push';
import { REMINDER_LEAD_MINUTES, leadLabelOf } from '@shared/domain/push-notifications';
import { Button } from '@client/components/ui/button';
import {
  Card,
  CardContent,
  CardDescription,
  CardHeader,
  CardTitle,
} from '@client/components/ui/card';
import { CheckboxField } from '@client/components/ui/checkbox-field';
import { Label } from '@client/components/ui/label';
import { Switch } from '@client/components/ui/switch';
import { formatDateTime } from '@client/lib/format';
import { toast } from '@client/lib/toast';
import {
  useDevices,
  useNotificationSettings,
  useRemoveDevice,
  useUpdateNotificationSettings,
} from '../api/notification-settings';
import { useThisDevicePush } from '../api/this-device';
import { EmailSettings } from './email-settings';
import { reportPushFailure } from './report-push-failure';

export function NotificationSettingsCard({
  userId,
  emailAvailable,
}: {
  userId: number;
  /** undefined while its configuration is read. */
  emailAvailable: boolean | undefined;
}) {
  const settings = useNotificationSettings(userId);
  const update = useUpdateNotificationSettings(userId);
  const save = (next: NotificationSettings) =>
    update.mutate(next, {
      onError: (error) =>
        toast({ title: 'Failed to save', description: error.message, variant: 'destructive' }),
    });
  const current = settings.data;
  // Until read, the same controls stand in, disabled, so the cards below do not move (a
  // phone's tap would otherwise land on what slid under the finger).
  const shown = current ?? NO_SETTINGS_YET;
  const loading = !current;

  return (
    <Card id="notifications" aria-busy={loading}>
      <CardHeader>
        <CardTitle>Notifications</CardTitle>
        <CardDescription>
          Reminders before your open props lock, and a recap when results come in.
        </CardDescription>
      </CardHeader>
      <CardContent className="grid gap-6">
        <ThisDeviceRow />
        <SwitchRow
          id="reminders"
          label="Reminders"
          hint="Only when you still have props to pick."
          checked={shown.reminders}
          disabled={loading}
          onChange={(reminders) => save({ ...shown, reminders })}
        />
        <fieldset className="grid gap-2" disabled={!shown.reminders}>
          <legend className="mb-2 text-sm font-semibold">Remind me before a lock</legend>
          <div className="grid grid-cols-2 gap-2 sm:grid-cols-4">
            {REMINDER_LEAD_MINUTES.map((lead) => {
              const checked = shown.leadMinutes.includes(lead);
              const last = checked && shown.leadMinutes.length === 1;
              return (
                <CheckboxField
                  key={lead}
                  label={leadLabelOf(lead)}
                  checked={checked}
                  disabled={last || !shown.reminders}
                  onChange={() =>
                    save({
                      ...shown,
                      leadMinutes: checked
                        ? shown.leadMinutes.filter((value) => value !== lead)
                        : [...shown.leadMinutes, lead].sort((a, b) => a - b),
                    })
                  }
                />
              );
            })}
          </div>
        </fieldset>
        <SwitchRow
          id="recaps"
          label="Result recaps"
          hint="How your picks did and where you stand, once results land."
          checked={shown.recaps}
          disabled={loading}
          onChange={(recaps) => save({ ...shown, recaps })}
        />
        <SwitchRow
          id="nudges"
          label="Nudges"
          hint="Members of your groups may nudge you when your picks are about to lock."
          checked={shown.nudges}
          disabled={loading}
          onChange={(nudges) => save({ ...shown, nudges })}
        />
        <Button
          type="button"
          variant="outline"
          className="justify-self-start"
          disabled={!shown.reminders && !shown.recaps && !shown.nudges}
          onClick={() => save({ ...shown, reminders: false, recaps: false, nudges: false })}
        >
          <BellOff aria-hidden />
          Turn Everything Off
        </Button>
        <EmailSettings userId={userId} available={emailAvailable}>
          <SwitchRow
            id="email"
            label="Send by e-mail too"
            hint="Without a device that gets notifications, they come by e-mail anyway."
            checked={shown.email}
            disabled={loading}
            onChange={(email) => save({ ...shown, email })}
          />
        </EmailSettings>
        <DeviceList />
      </CardContent>
    </Card>
  );
}

const NO_SETTINGS_YET: NotificationSettings = {
  reminders: false,
  leadMinutes: [],
  recaps: false,
  email: false,
  nudges: false,
};

function SwitchRow(props: {
  id: string;
  label: string;
  hint: string;
  checked: boolean;
  onChange: (checked: boolean) => void;
  disabled?: boolean;
}) {
  return (
    <div className="flex items-center justify-between gap-4">
      <div className="grid gap-0.5">
        <Label htmlFor={props.id}>{props.label}</Label>
        <p className="text-sm text-muted-foreground">{props.hint}</p>
      </div>
      <Switch
        id={props.id}
        checked={props.checked}
        disabled={props.disabled}
        onCheckedChange={props.onChange}
      />
    </div>
  );
}

function ThisDeviceRow() {
  const { state, change } = useThisDevicePush();
  if (state === 'unsupported') {
    return (
      <p className="text-sm text-muted-foreground">
        This browser cannot show notifications. On an iPhone, add Pick'em to your Home Screen (Share
        → Add to Home Screen) and open it from there.
      </p>
    );
  }
  return (
    <SwitchRow
      id="this-device"
      label="Notifications on this device"
      hint={
        state === 'blocked'
          ? 'Blocked in this browser’s site settings. Allow notifications there first.'
          : 'Your browser asks for permission the first time.'
      }
      checked={state === 'on'}
      disabled={state === undefined || state === 'blocked' || change.isPending}
      onChange={(on) => change.mutate(on, { onError: reportPushFailure })}
    />
  );
}

function DeviceList() {
  const devices = useDevices();
  const remove = useRemoveDevice();
  return (
    <section className="grid gap-2" aria-labelledby="devices-heading">
      <h3 id="devices-heading" className="text-sm font-semibold">
        Devices that get notifications
      </h3>
      {!devices.data ? (
        <p className="text-sm text-muted-foreground">Loading…</p>
      ) : devices.data.length === 0 ? (
        <p className="text-sm text-muted-foreground">None yet.</p>
      ) : (
        <ul className="grid gap-2">
          {devices.data.map((device) => (
            <li
              key={device.id}
              className="flex items-center gap-3 rounded-lg border border-border px-3 py-2"
            >
              <span className="grid flex-1 gap-0.5">
                <span className="text-sm font-semibold">{device.description}</span>
                <span className="text-xs text-muted-foreground">
                  Added {formatDateTime(device.createdAt)}
                </span>
              </span>
              <Button
                type="button"
                variant="ghost"
                size="sm"
                pending={remove.isPending && remove.variables === device.id}
                onClick={() => remove.mutate(device.id)}
              >
                Remove
              </Button>
            </li>
          ))}
        </ul>
      )}
    </section>
  );
}
