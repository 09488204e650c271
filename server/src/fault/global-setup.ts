import type { TestProject } from 'vitest/node';
import { bundleServerForRun } from '../test/server-bundle';

/** The fault suite's server processes start this run's server bundle. */
export default async function setup(project: TestProject) {
  const bundle = await bundleServerForRun();
  project.provide('testServerEntry', bundle.entry);
  return bundle.remove;
}
