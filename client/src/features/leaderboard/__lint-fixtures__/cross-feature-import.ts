// Never imported: a fixture for lint-boundaries.test.ts (a feature reaching into another's internals).
import { groupPropsQueryOptions } from '@client/features/props/api/group-props';

export const crossFeature = groupPropsQueryOptions;
