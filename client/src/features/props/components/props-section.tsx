import { ListChecks, RotateCw } from 'lucide-react';
import { useLayoutEffect, useMemo, useRef, type FocusEvent, type ReactNode } from 'react';
import { useSearchParams } from 'react-router';
import type { GroupDetails } from '@shared/contract/groups';
import type { Prop } from '@shared/contract/props';
import { sortPropsForGroupPage } from '@shared/domain/prop-order';
import { Button } from '@client/components/ui/button';
import { LoadingState } from '@client/components/ui/loading-state';
import { SectionCard, SectionEmpty } from '@client/components/ui/section-card';
import { ALL_SPORTS } from '@shared/domain/prop-order';
import { useCachedAllGroupProps, useGroupProps } from '../api/group-props';
import { filterSportsOf } from '@client/lib/filter-sports';
import { groupLockSettingsOf, lockMomentsOf } from '../live-lock';
import { sportDisplayOf } from '@client/lib/sport-display';
import { useNow } from '../use-now';
import { CustomPropButton, GenerateSamplePropsButton } from './leader-prop-tools';
import { PropCard } from './prop-card';
import { SportFilter } from '@client/components/sport/sport-filter';

const SPORT_PARAM = 'sport';
const NO_PROPS: readonly Prop[] = [];

/** The group page's props: the sport filter (kept in the URL) and the props grid. */
export function PropsSection({ group, userId }: { group: GroupDetails; userId: number }) {
  const [searchParams, setSearchParams] = useSearchParams();
  const sport = searchParams.get(SPORT_PARAM)?.trim() || ALL_SPORTS;
  const propsQuery = useGroupProps(group.id, sport);
  const props = propsQuery.data ?? NO_PROPS;
  const allProps = useCachedAllGroupProps(group.id) ?? NO_PROPS;
  const scope = useMemo(() => ({ groupId: group.id, userId }), [group.id, userId]);

  const { lockType, lockValue, isManuallyLocked } = group;
  const lockSettings = useMemo(
    () => groupLockSettingsOf({ lockType, lockValue, isManuallyLocked }),
    [lockType, lockValue, isManuallyLocked],
  );
  const moments = useMemo(() => lockMomentsOf(props, lockSettings), [props, lockSettings]);
  const now = useNow(moments);
  // Spec §4 order, re-judged as picks are made and lock times pass.
  const sorted = useMemo(
    () =>
      sortPropsForGroupPage(props, {
        pickedPropIds: new Set(props.filter((prop) => prop.myPick).map((prop) => prop.id)),
        group: lockSettings,
        now,
        view: sport,
      }),
    [props, lockSettings, now, sport],
  );

  const chooseSport = (next: string) => {
    setSearchParams(
      (params) => {
        const updated = new URLSearchParams(params);
        if (next === ALL_SPORTS) updated.delete(SPORT_PARAM);
        else updated.set(SPORT_PARAM, next);
        return updated;
      },
      { replace: true, preventScrollReset: true },
    );
  };

  return (
    <PropsSectionFrame
      filter={
        <SportFilter
          sports={filterSportsOf(group.activeSports, [...allProps, ...props], sport)}
          value={sport}
          onChange={chooseSport}
        />
      }
    >
      {propsQuery.isPending ? (
        <LoadingState label="Loading props..." className="py-8" />
      ) : propsQuery.isError ? (
        <SectionEmpty title="Failed to fetch predictions">
          <p className="break-words">{propsQuery.error.message}</p>
          <Button
            type="button"
            variant="outline"
            className="mt-3"
            pending={propsQuery.isFetching}
            onClick={() => void propsQuery.refetch()}
          >
            <RotateCw aria-hidden />
            Try Again
          </Button>
        </SectionEmpty>
      ) : sorted.length === 0 ? (
        <NoProps
          group={group}
          scope={scope}
          sport={sport}
          onShowAll={() => chooseSport(ALL_SPORTS)}
        />
      ) : (
        <PropGrid
          props={sorted}
          renderCard={(prop) => (
            <PropCard prop={prop} group={lockSettings} now={now} scope={scope} />
          )}
        />
      )}
    </PropsSectionFrame>
  );
}

/** The Props card: the sport filter above the list (or its loading and empty states). */
export function PropsSectionFrame({
  filter,
  children,
}: {
  filter: ReactNode;
  children: ReactNode;
}) {
  return (
    <SectionCard title="Props" icon={ListChecks}>
      <div className="grid gap-4">
        {filter}
        {children}
      </div>
    </SectionCard>
  );
}

/** The props grid, one card each: the group page's cards save picks, the demo's do not. */
export function PropGrid({
  props,
  renderCard,
}: {
  props: readonly Prop[];
  renderCard: (prop: Prop) => ReactNode;
}) {
  const keepFocus = useFocusThroughReorder(props.map((prop) => prop.id).join(','));
  return (
    <ul aria-label="Props" className="grid gap-4 sm:grid-cols-2" {...keepFocus}>
      {props.map((prop) => (
        <li key={prop.id} className="min-w-0">
          {renderCard(prop)}
        </li>
      ))}
    </ul>
  );
}

/**
 * A pick re-sorts the grid (spec §4), and moving a card in the DOM takes the focus off
 * the button just pressed, leaving a keyboard user at the top of the page. When the order
 * changes and the focus has just fallen to the page, it goes back to where it was.
 */
function useFocusThroughReorder(order: string) {
  const focused = useRef<HTMLElement | null>(null);
  const lostAt = useRef<number | null>(null);
  useLayoutEffect(() => {
    const element = focused.current;
    const justLost = lostAt.current === null || performance.now() - lostAt.current < 100;
    if (element?.isConnected && document.activeElement === document.body && justLost) {
      element.focus({ preventScroll: true });
    }
  }, [order]);
  return {
    onFocus: (event: FocusEvent) => {
      if (event.target instanceof HTMLElement) focused.current = event.target;
      lostAt.current = null;
    },
    onBlur: (event: FocusEvent) => {
      // Focus moved on by the person: nothing to restore.
      if (event.relatedTarget) focused.current = null;
      else lostAt.current = performance.now();
    },
  };
}

interface NoPropsProps {
  group: GroupDetails;
  scope: { groupId: number; userId: number };
  sport: string;
  onShowAll: () => void;
}

/** Spec §8 'No props available yet': leaders are pointed to custom or prebuilt props. */
function NoProps({ group, scope, sport, onShowAll }: NoPropsProps) {
  if (sport !== ALL_SPORTS) {
    return (
      <SectionEmpty title={`No ${sportDisplayOf(sport).name} props yet`}>
        <Button type="button" variant="outline" className="mt-3" onClick={onShowAll}>
          Show All Sports
        </Button>
      </SectionEmpty>
    );
  }
  if (group.isLeader) {
    return (
      <SectionEmpty title="No props available yet">
        <p>Create a custom prop, or generate prebuilt props from the sport catalogue.</p>
        <div className="mt-3 flex flex-col justify-center gap-2 sm:flex-row">
          <CustomPropButton scope={scope} />
          <GenerateSamplePropsButton scope={scope} />
        </div>
      </SectionEmpty>
    );
  }
  return (
    <SectionEmpty title="No props available yet">
      {group.allowMemberProps
        ? 'Props show here once your leader adds them, or add your own with the Custom Prop Creator.'
        : 'Props show here for you to pick once your leader adds them.'}
    </SectionEmpty>
  );
}
