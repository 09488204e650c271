// A fixture for client/src/lint-boundaries.test.ts, never imported: a feature importing
// the app layer above it, which the lint rules must refuse.
import { routes } from '@client/app/router';

export const upward = routes;
