import { KeyRound, UsersRound, type LucideIcon } from 'lucide-react';
import type { ReactNode } from 'react';
import { useNavigate } from 'react-router';
import type { GroupDetails } from '@shared/contract/groups';
import {
  Card,
  CardContent,
  CardDescription,
  CardHeader,
  CardTitle,
} from '@client/components/ui/card';
import { PageHeader } from '@client/components/ui/page-header';
import { useUser } from '@client/features/auth/api/current-user';
import { CreateGroupForm } from '@client/features/groups/components/create-group-form';
import { JoinGroupForm } from '@client/features/groups/components/join-group-form';
import { useDocumentTitle } from '@client/lib/use-document-title';

export function GroupSetupRoute() {
  useDocumentTitle('Create or Join a Group');
  const user = useUser();
  const navigate = useNavigate();
  if (!user) return null;
  const openGroup = (group: GroupDetails) => void navigate(`/group/${group.id}`);

  return (
    <>
      <PageHeader
        title="Create or Join a Group"
        description="Join your friends with their invite code, or start a group of your own."
      />
      <div className="grid items-start gap-6 md:grid-cols-2">
        <SetupCard
          icon={KeyRound}
          title="Join Group"
          description="Enter the code your group's leader shared with you."
        >
          <JoinGroupForm userId={user.id} onJoined={openGroup} />
        </SetupCard>
        <SetupCard
          icon={UsersRound}
          title="Create a Group"
          description="You will be its leader: you manage props, locks and payments."
        >
          <CreateGroupForm userId={user.id} onCreated={openGroup} />
        </SetupCard>
      </div>
    </>
  );
}

function SetupCard({
  icon: Icon,
  title,
  description,
  children,
}: {
  icon: LucideIcon;
  title: string;
  description: string;
  children: ReactNode;
}) {
  return (
    <Card>
      <CardHeader>
        <CardTitle className="flex items-center gap-2">
          <Icon className="size-5 text-primary" aria-hidden />
          {title}
        </CardTitle>
        <CardDescription>{description}</CardDescription>
      </CardHeader>
      <CardContent>{children}</CardContent>
    </Card>
  );
}
