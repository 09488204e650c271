/**
 * The sports catalogue of product rules §1 and §9. Groups may follow all six; official events
 * offer only the five real leagues; the import and sync flows cover NFL and NCAAF.
 */
export const GROUP_SPORTS = ['NFL', 'NBA', 'MLB', 'NHL', 'NCAAF', 'Crazy Props'] as const;
export type GroupSport = (typeof GROUP_SPORTS)[number];

export const OFFICIAL_EVENT_SPORTS = ['NFL', 'NCAAF', 'NBA', 'MLB', 'NHL'] as const;
export type OfficialEventSport = (typeof OFFICIAL_EVENT_SPORTS)[number];

/** The Create Official Event form starts with these ticked (product rules §5). */
export const DEFAULT_OFFICIAL_EVENT_SPORTS: readonly OfficialEventSport[] = ['NFL', 'NCAAF'];

/** The operator's master props: synced from a spreadsheet per sport, imported into groups (product rules §9). */
export const MASTER_PROP_SPORTS = ['NFL', 'NCAAF'] as const;
export type MasterPropSport = (typeof MASTER_PROP_SPORTS)[number];
