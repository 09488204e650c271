import { getPublicConfig } from '@client/features/donate/api/get-public-config';
import {
  getPropsPreview,
  PROPS_PREVIEW_REFETCH_MS,
} from '@client/features/prop-preview/api/get-props-preview';
import { StandaloneRead } from './standalone-read';

/** Started by landing-main.tsx before hydrating; the app takes them over. */
export const landingReads = {
  preview: new StandaloneRead(getPropsPreview, PROPS_PREVIEW_REFETCH_MS),
  config: new StandaloneRead(getPublicConfig),
};

export type LandingReads = typeof landingReads;
