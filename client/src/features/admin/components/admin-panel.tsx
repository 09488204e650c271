import { CircleAlert, Search, SearchX } from 'lucide-react';
import { useMemo, useState } from 'react';
import { useSearchParams } from 'react-router';
import { tallyMasterProps } from '@shared/domain/master-prop-order';
import { Card } from '@client/components/ui/card';
import { Input } from '@client/components/ui/input';
import { Label } from '@client/components/ui/label';
import { LoadingState } from '@client/components/ui/loading-state';
import { PageHeader } from '@client/components/ui/page-header';
import { ALL_SPORTS } from '@shared/domain/prop-order';
import { SportFilter } from '@client/components/sport/sport-filter';
import { filterSportsOf } from '@client/lib/filter-sports';
import { useMasterProps } from '../api/master-props';
import { filterMasterProps, type MasterPropFilters } from '../filter-master-props';
import { mergeMasterProps } from '../merge-master-props';
import { MasterPropCard } from './master-prop-card';
import { MasterPropTiles } from './master-prop-tiles';
import { OfficialEventCard } from './official-event-card';
import { ScoresFeedCard } from './scores-feed-card';
import type { InvalidRowsReport } from '../invalid-rows';
import { InvalidRowsPanel, SyncMasterPropsButton } from './sync-master-props-button';

// The filters live in the URL, so a reload or a shared link shows the same list.
const SEARCH_PARAM = 'q';
const SPORT_PARAM = 'sport';
const RESULTS_PARAM = 'results';
const WITH_RESULTS = 'with';

function useAdminFilters() {
  const [params, setParams] = useSearchParams();
  const filters: MasterPropFilters = {
    search: params.get(SEARCH_PARAM) ?? '',
    sport: params.get(SPORT_PARAM) ?? ALL_SPORTS,
    withResults: params.get(RESULTS_PARAM) === WITH_RESULTS,
  };
  const setParam = (name: string, value: string | null) => {
    setParams(
      (current) => {
        const next = new URLSearchParams(current);
        if (value === null || value === '') next.delete(name);
        else next.set(name, value);
        return next;
      },
      { replace: true },
    );
  };
  return {
    filters,
    setSearch: (search: string) => {
      setParam(SEARCH_PARAM, search);
    },
    setSport: (sport: string) => {
      setParam(SPORT_PARAM, sport === ALL_SPORTS ? null : sport);
    },
    toggleWithResults: () => {
      setParam(RESULTS_PARAM, filters.withResults ? null : WITH_RESULTS);
    },
  };
}

/** Product rules §2 'Admin panel'. */
export function AdminPanel({ userId }: { userId: number }) {
  const masterPropsQuery = useMasterProps();
  const { filters, setSearch, setSport, toggleWithResults } = useAdminFilters();
  const merged = useMemo(
    () => (masterPropsQuery.data ? mergeMasterProps(masterPropsQuery.data) : []),
    [masterPropsQuery.data],
  );
  const shown = filterMasterProps(merged, filters);
  const [invalidRows, setInvalidRows] = useState<InvalidRowsReport | null>(null);

  return (
    <>
      <PageHeader
        title="Admin Panel"
        description="Master props from the spreadsheet, their results, and official events."
        actions={<SyncMasterPropsButton onInvalidRows={setInvalidRows} />}
      />
      <div className="grid gap-6">
        {invalidRows ? (
          <InvalidRowsPanel
            report={invalidRows}
            onDismiss={() => {
              setInvalidRows(null);
            }}
          />
        ) : null}
        <OfficialEventCard userId={userId} />
        <ScoresFeedCard />

        <section aria-labelledby="master-props-title" className="grid min-w-0 gap-4">
          <h2 id="master-props-title" className="text-2xl font-extrabold tracking-tight">
            Master Props
          </h2>

          {masterPropsQuery.isPending ? (
            <LoadingState label="Loading predictions..." />
          ) : masterPropsQuery.isError ? (
            <Card role="alert" className="flex gap-3 border-destructive p-5 text-destructive">
              <CircleAlert className="mt-0.5 size-5 shrink-0" aria-hidden />
              <div className="grid gap-1">
                <p className="font-semibold">Failed to fetch predictions</p>
                <p className="text-sm wrap-anywhere">{masterPropsQuery.error.message}</p>
              </div>
            </Card>
          ) : (
            <>
              <MasterPropTiles
                tally={tallyMasterProps(merged)}
                withResults={filters.withResults}
                onToggleWithResults={toggleWithResults}
              />
              <div className="grid gap-3">
                <div className="grid gap-2">
                  <Label htmlFor="master-props-search">Search props</Label>
                  <div className="relative">
                    <Search
                      className="pointer-events-none absolute top-1/2 left-3 size-4 -translate-y-1/2 text-muted-foreground"
                      aria-hidden
                    />
                    <Input
                      id="master-props-search"
                      type="search"
                      className="pl-9"
                      placeholder="Title or description"
                      value={filters.search}
                      onChange={(event) => {
                        setSearch(event.target.value);
                      }}
                    />
                  </div>
                </div>
                <SportFilter
                  sports={filterSportsOf(merged, filters.sport)}
                  value={filters.sport}
                  onChange={setSport}
                />
              </div>
              <p role="status" className="text-sm text-muted-foreground">
                {shown.length === merged.length
                  ? `${merged.length} ${merged.length === 1 ? 'prop' : 'props'}`
                  : `${shown.length} of ${merged.length} props`}
              </p>
              {shown.length === 0 ? (
                <Card className="grid justify-items-center gap-2 px-6 py-10 text-center">
                  <SearchX className="size-7 text-muted-foreground" aria-hidden />
                  <p className="font-semibold">No master props found matching your filters.</p>
                </Card>
              ) : (
                <ul aria-label="Master props" className="grid gap-4 lg:grid-cols-2">
                  {shown.map((prop) => (
                    <li key={prop.id} className="grid min-w-0">
                      <MasterPropCard prop={prop} />
                    </li>
                  ))}
                </ul>
              )}
            </>
          )}
        </section>
      </div>
    </>
  );
}
