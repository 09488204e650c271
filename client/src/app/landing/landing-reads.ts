import { getPublicConfig } from '@client/features/donate/api/get-public-config';
import {
  getPropsPreview,
  PROPS_PREVIEW_REFETCH_MS,
} from '@client/features/prop-preview/api/get-props-preview';
import { LandingRead } from './landing-read';

/**
 * What the landing reads from the API: the prop preview (read again every hour, as the
 * app does) and the public configuration (the Donate link). landing-main.tsx starts both
 * before hydrating; the app takes them over (take-over.tsx).
 */
export const landingReads = {
  preview: new LandingRead(getPropsPreview, PROPS_PREVIEW_REFETCH_MS),
  config: new LandingRead(getPublicConfig),
};

export type LandingReads = typeof landingReads;
