import { GROUP_NAME_SLOT } from '@shared/first-paint';
import { AppLinkContext, type AppLinkProps } from '@client/components/app-link';
import { GroupLoadingScreen } from '@client/features/groups/components/group-loading-screen';
import { UserMenuPlaceholder } from './layout/header';
import { HeaderBar } from './layout/header-bar';
import { PageFrame } from './layout/page-frame';

/**
 * What a group page's HTML paints before any script has run (decision 0031), prerendered
 * at build time (prerender.tsx): the app's frame and its loading screen with the group's
 * name, which the server writes into the slot. The app's first render draws the same, so
 * taking its place changes no pixel; its links are plain ones until then.
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
