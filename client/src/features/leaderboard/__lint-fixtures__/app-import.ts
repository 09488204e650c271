// Never imported: a fixture for lint-boundaries.test.ts (a feature importing the app layer).
import { routes } from '@client/app/router';

export const upward = routes;
