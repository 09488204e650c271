import { GROUP_NAME_SLOT } from '@shared/first-paint';
import { AppLinkContext, type AppLinkProps } from '@client/components/app-link';
import { GroupLoadingScreen } from '@client/features/groups/components/group-loading-screen';
import { UserMenuPlaceholder } from './layout/header';
import { HeaderBar } from './layout/header-bar';
import { PageFrame } from './layout/page-frame';

/**
 * What a group page's HTML paints before any script runs, prerendered at build time: the
 * app's frame and loading screen with the group's name, which the server writes into the
 * slot. The app's first render draws the same, so taking its place changes no pixel.
 */
export function GroupFirstPaint() {
  return (
    <AppLinkContext value={plainLink}>
      <PageFrame
        header={
          <HeaderBar atHome={false}>
            <UserMenuPlaceholder />
          </HeaderBar>
        }
      >
        <GroupLoadingScreen name={GROUP_NAME_SLOT} />
      </PageFrame>
    </AppLinkContext>
  );
}

const plainLink = ({ to, ...props }: AppLinkProps) => <a {...props} href={to} />;
