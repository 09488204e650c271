import { useQuery } from '@tanstack/react-query';
import { useNavigate } from 'react-router';
import {
  Card,
  CardContent,
  CardDescription,
  CardHeader,
  CardTitle,
} from '@client/components/ui/card';
import { PageHeader } from '@client/components/ui/page-header';
import { useUser } from '@client/features/auth/api/current-user';
import { DeleteAccountSection } from '@client/features/auth/components/delete-account-section';
import { DisplayNameForm } from '@client/features/auth/components/display-name-form';
import { publicConfigQueryOptions } from '@client/features/donate/api/public-config';
import { NotificationSettingsCard } from '@client/features/notifications/components/notification-settings-card';
import { ThemeChoice } from '@client/components/ui/theme-choice';
import { useDocumentTitle } from '@client/lib/use-document-title';
import { leaveDialogEntry } from '@client/lib/use-close-on-back';

export function SettingsRoute() {
  useDocumentTitle('Settings');
  const user = useUser();
  const navigate = useNavigate();
  const config = useQuery(publicConfigQueryOptions());
  if (!user) return null;

  return (
    <div className="grid max-w-2xl gap-6">
      <PageHeader title="Settings" className="mb-0 sm:mb-2" />

      <Card>
        <CardHeader>
          <CardTitle>Profile</CardTitle>
        </CardHeader>
        <CardContent className="grid gap-6">
          <dl className="grid gap-1">
            <dt className="text-sm font-semibold">Username</dt>
            <dd className="text-muted-foreground break-all">{user.username}</dd>
          </dl>
          <DisplayNameForm key={user.id} user={user} />
        </CardContent>
      </Card>

      <NotificationSettingsCard userId={user.id} emailAvailable={config.data?.email} />
      <Card>
        <CardHeader>
          <CardTitle>Appearance</CardTitle>
          <CardDescription>Kept in this browser.</CardDescription>
        </CardHeader>
        <CardContent>
          <ThemeChoice />
        </CardContent>
      </Card>

      <Card className="border-destructive/60">
        <CardHeader>
          <CardTitle className="text-destructive">Danger Zone</CardTitle>
          <CardDescription>
            Deleting your account signs you out and removes it for good.
          </CardDescription>
        </CardHeader>
        <CardContent>
          <DeleteAccountSection
            user={user}
            onDeleted={() => void leaveDialogEntry().then(() => navigate('/', { replace: true }))}
          />
        </CardContent>
      </Card>
    </div>
  );
}
