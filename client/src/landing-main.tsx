import { StrictMode } from 'react';
import { hydrateRoot } from 'react-dom/client';
import { prefetchAppWhenIdle, registerLanding } from './app/landing/hand-over';
import { LandingPage } from './app/landing/landing-page';
import { landingReads } from './app/landing/landing-reads';
import { captureInstallPrompt } from './features/pwa/install-prompt-state';
import './styles.css';

/**
 * The script of landing.html, the page the server sends for `/` to a browser without a
 * session cookie (decision 0030). The page is prerendered and paints without it; this
 * makes it interactive with as little JavaScript as it needs (React and the landing's own
 * parts); the app, prefetched once it is idle, runs and takes over when the visitor goes
 * further.
 */

// Before anything else: the browser may offer installation as soon as the page loads.
captureInstallPrompt();

const container = document.getElementById('root');
if (!container) throw new Error('landing.html has no #root element');

// Asked for before React starts: the answers are often there when it has hydrated.
landingReads.preview.refetch();
landingReads.config.refetch();

const root = hydrateRoot(
  container,
  <StrictMode>
    <LandingPage />
  </StrictMode>,
);
registerLanding(container, root);
prefetchAppWhenIdle();
