// A fixture for client/src/lint-boundaries.test.ts, never imported: a feature reaching
// into another feature's internals, which the lint rules must refuse.
import { groupPropsQueryOptions } from '@client/features/props/api/group-props';

export const crossFeature = groupPropsQueryOptions;
