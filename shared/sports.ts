/** Product rules §1 and §9. */
export const GROUP_SPORTS = ['NFL', 'NBA', 'MLB', 'NHL', 'NCAAF', 'Crazy Props'] as const;
export type GroupSport = (typeof GROUP_SPORTS)[number];

export const OFFICIAL_EVENT_SPORTS = ['NFL', 'NCAAF', 'NBA', 'MLB', 'NHL'] as const;
export type OfficialEventSport = (typeof OFFICIAL_EVENT_SPORTS)[number];

/** Product rules §5. */
export const DEFAULT_OFFICIAL_EVENT_SPORTS: readonly OfficialEventSport[] = ['NFL', 'NCAAF'];

/** Product rules §9. */
export const MASTER_PROP_SPORTS = ['NFL', 'NCAAF'] as const;
export type MasterPropSport = (typeof MASTER_PROP_SPORTS)[number];

export const FEED_SPORTS = OFFICIAL_EVENT_SPORTS;
export type FeedSport = OfficialEventSport;
export const ESPN_SPORT_PATHS: Record<FeedSport, string> = {
  NFL: 'football/nfl',
  NCAAF: 'football/college-football',
  NBA: 'basketball/nba',
  MLB: 'baseball/mlb',
  NHL: 'hockey/nhl',
};
