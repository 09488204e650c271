import { BellOff, CircleCheck } from 'lucide-react';
import { Link } from 'react-router';
import { EMAIL_KINDS, type EmailKind } from '@shared/domain/nudges';
import { Button } from '@client/components/ui/button';
import { Card, CardContent, CardDescription, CardHeader } from '@client/components/ui/card';
import { useUnsubscribe } from '../api/unsubscribe';

const LABELS: Record<EmailKind, string> = {
  reminders: 'reminders',
  recaps: 'result recaps',
  nudges: 'nudges',
};

/** `userId.kind.signature`; the server checks the signature. */
function kindOf(token: string): EmailKind | null {
  const kind = token.split('.')[1];
  return (EMAIL_KINDS as readonly string[]).includes(kind ?? '') ? (kind as EmailKind) : null;
}

/** A tap, not the visit, turns it off: a mail scanner opening links turns nothing off. */
export function UnsubscribeCard({ token }: { token: string }) {
  const unsubscribe = useUnsubscribe();
  const kind = kindOf(token);
  return (
    <Card className="max-w-lg">
      <CardHeader>
        <h1 className="text-lg leading-tight font-bold">Unsubscribe</h1>
        <CardDescription>
          {kind ? `Stop ${LABELS[kind]} from Pick'em, by e-mail and on your devices.` : null}
        </CardDescription>
      </CardHeader>
      <CardContent className="grid gap-4">
        {!kind ? (
          <p className="text-destructive">This unsubscribe link is not valid.</p>
        ) : unsubscribe.isSuccess ? (
          <p className="flex items-start gap-2" role="status">
            <CircleCheck aria-hidden className="mt-0.5 size-5 shrink-0 text-primary" />
            {unsubscribe.data.message}
          </p>
        ) : (
          <>
            {unsubscribe.isError ? (
              <p className="text-destructive" role="alert">
                {unsubscribe.error.message}
              </p>
            ) : null}
            <Button
              type="button"
              className="justify-self-start"
              pending={unsubscribe.isPending}
              onClick={() => unsubscribe.mutate(token)}
            >
              <BellOff aria-hidden />
              Turn Off {LABELS[kind].replace(/^./, (first) => first.toUpperCase())}
            </Button>
          </>
        )}
        <Link to="/settings#notifications" className="text-sm underline underline-offset-2">
          All notification settings
        </Link>
      </CardContent>
    </Card>
  );
}
