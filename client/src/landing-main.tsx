import { StrictMode } from 'react';
import { hydrateRoot } from 'react-dom/client';
import { prefetchAppWhenIdle, registerLanding } from './app/landing/hand-over';
import { LandingPage } from './app/landing/landing-page';
import { landingReads } from './app/landing/landing-reads';
import { captureInstallPrompt } from './features/pwa/install-prompt-state';
import './styles.css';

/**
 * The script of landing.html, sent for `/` to a browser without a session cookie. The page
 * paints without it; this hydrates it with as little JavaScript as it needs.
 */

// The browser may offer installation as soon as the page loads.
captureInstallPrompt();

const container = document.getElementById('root');
if (!container) throw new Error('landing.html has no #root element');

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
