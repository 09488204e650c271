import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { pushContract, type PushSubscriptionInput } from '@shared/contract/push';
import { callApi } from '@client/lib/api-client';
import { devicesQueryKey } from './notification-settings';

/** The permission is asked only when turning push on, after a tap. */
export type DevicePushState = 'unsupported' | 'blocked' | 'off' | 'on';

export const thisDeviceQueryKey = ['push', 'this-device'] as const;

export function pushSupported(): boolean {
  return 'serviceWorker' in navigator && 'PushManager' in window && 'Notification' in window;
}

async function currentSubscription(): Promise<PushSubscription | null> {
  const registration = await navigator.serviceWorker.getRegistration();
  return (await registration?.pushManager.getSubscription()) ?? null;
}

async function readDeviceState(): Promise<DevicePushState> {
  if (!pushSupported()) return 'unsupported';
  if (Notification.permission === 'denied') return 'blocked';
  return (await currentSubscription()) ? 'on' : 'off';
}

function keyBytes(base64Url: string): Uint8Array<ArrayBuffer> {
  const base64 = base64Url.replace(/-/g, '+').replace(/_/g, '/');
  const binary = atob(base64 + '='.repeat((4 - (base64.length % 4)) % 4));
  const bytes = new Uint8Array(new ArrayBuffer(binary.length));
  for (let index = 0; index < binary.length; index += 1) bytes[index] = binary.charCodeAt(index);
  return bytes;
}

export class PushRefusedError extends Error {
  override readonly name = 'PushRefusedError';
}

async function turnOn(): Promise<void> {
  if (!pushSupported()) throw new PushRefusedError('This browser cannot show notifications');
  const permission = await Notification.requestPermission();
  if (permission !== 'granted') {
    throw new PushRefusedError(
      'Notifications are blocked for this site. Allow them in the browser settings to get reminders.',
    );
  }
  const registration = await navigator.serviceWorker.ready;
  const { publicKey } = await callApi(pushContract.publicKey);
  const subscription =
    (await registration.pushManager.getSubscription()) ??
    (await registration.pushManager.subscribe({
      userVisibleOnly: true,
      applicationServerKey: keyBytes(publicKey),
    }));
  await callApi(pushContract.subscribe, { body: subscription.toJSON() as PushSubscriptionInput });
}

async function turnOff(): Promise<void> {
  const subscription = await currentSubscription();
  if (!subscription) return;
  await callApi(pushContract.unsubscribe, { body: { endpoint: subscription.endpoint } }).catch(
    () => undefined,
  );
  await subscription.unsubscribe();
}

export function useThisDevicePush() {
  const queryClient = useQueryClient();
  const state = useQuery({ queryKey: thisDeviceQueryKey, queryFn: readDeviceState });
  const change = useMutation({
    mutationFn: (on: boolean) => (on ? turnOn() : turnOff()),
    onSettled: async () => {
      await queryClient.invalidateQueries({ queryKey: thisDeviceQueryKey });
      await queryClient.invalidateQueries({ queryKey: devicesQueryKey });
    },
  });
  return { state: state.data, change };
}
