import { useState } from 'react';
import type { EmailAddress } from '@shared/contract/mail';
import { Button } from '@client/components/ui/button';
import { toast } from '@client/lib/toast';
import {
  useEmailAddress,
  useRemoveEmailAddress,
  useSetEmailAddress,
  useVerifyEmail,
} from '../api/email-address';
import { AddressForm, CodeForm } from './email-forms';

const noop = () => Promise.resolve();

/** An address is verified with a mailed six-digit code before anything else is sent there. */
export function EmailSettings({
  userId,
  available,
  children,
}: {
  userId: number;
  /** undefined while the configuration is read. */
  available: boolean | undefined;
  children: React.ReactNode;
}) {
  const address = useEmailAddress(userId, available === true);
  const setAddress = useSetEmailAddress(userId);
  const verify = useVerifyEmail(userId);
  const [changing, setChanging] = useState(false);
  const resend = (email: string) =>
    setAddress.mutate(email, {
      onSuccess: () => toast({ title: 'Code sent', description: `Check ${email}.` }),
      onError: (error) =>
        toast({
          title: 'Failed to send the code',
          description: error.message,
          variant: 'destructive',
        }),
    });
  return (
    <section className="grid gap-3" aria-labelledby="email-heading">
      <h3 id="email-heading" className="text-sm font-semibold">
        E-mail
      </h3>
      {available === false ? (
        <p className="text-sm text-muted-foreground">
          E-mail is not set up on this server, so reminders come only as notifications.
        </p>
      ) : !address.isSuccess ? (
        // Stands in, disabled, so nothing below moves when the answer comes.
        <AddressForm current={null} disabled onSubmit={noop} onCancel={undefined} />
      ) : changing || !address.data ? (
        <AddressForm
          current={address.data}
          onSubmit={async (email) => {
            await setAddress.mutateAsync(email);
            toast({ title: 'Code sent', description: `Check ${email} for a six-digit code.` });
            setChanging(false);
          }}
          onCancel={address.data ? () => setChanging(false) : undefined}
        />
      ) : (
        <>
          <AddressStatus
            userId={userId}
            address={address.data}
            onChange={() => setChanging(true)}
          />
          {address.data.status === 'unverified' ? (
            <CodeForm
              onSubmit={async (code) => {
                await verify.mutateAsync(code);
                toast({ title: 'E-mail address verified' });
              }}
              resending={setAddress.isPending}
              onResend={() => resend(address.data?.address ?? '')}
            />
          ) : null}
          {address.data.status === 'verified' ? children : null}
        </>
      )}
    </section>
  );
}

function AddressStatus({
  userId,
  address,
  onChange,
}: {
  userId: number;
  address: NonNullable<EmailAddress>;
  onChange: () => void;
}) {
  const remove = useRemoveEmailAddress(userId);
  return (
    <div className="grid gap-2">
      <div className="flex flex-wrap items-center gap-x-3 gap-y-1">
        <span className="min-w-0 font-semibold break-all" data-testid="email-address">
          {address.address}
        </span>
        <span
          className={
            address.status === 'failing'
              ? 'text-sm font-semibold text-destructive'
              : 'text-sm text-muted-foreground'
          }
        >
          {address.status === 'verified'
            ? 'Verified'
            : address.status === 'failing'
              ? 'Not delivering'
              : 'Not verified yet'}
        </span>
      </div>
      {address.status === 'failing' ? (
        <p className="text-sm text-destructive" role="status">
          Mail to this address was refused{address.failure ? ` (${address.failure})` : ''}. Nothing
          more is sent to it: check it, or use another.
        </p>
      ) : null}
      <div className="flex flex-wrap gap-2">
        <Button type="button" variant="outline" size="sm" onClick={onChange}>
          Change address
        </Button>
        <Button
          type="button"
          variant="ghost"
          size="sm"
          pending={remove.isPending}
          onClick={() =>
            remove.mutate(undefined, {
              onError: (error) =>
                toast({
                  title: 'Failed to remove',
                  description: error.message,
                  variant: 'destructive',
                }),
            })
          }
        >
          Remove
        </Button>
      </div>
    </div>
  );
}
