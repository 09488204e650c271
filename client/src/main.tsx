import { StrictMode } from 'react';
import { createRoot, hydrateRoot } from 'react-dom/client';
import { App } from './app/app';
import { preloadHomeScreen, preloadScreenOf } from './app/router';
import { loadAuthContract, markSignedOutPerServer } from './features/auth/api/current-user';
import { captureInstallPrompt } from './features/pwa/install-prompt-state';
import { applyStoredTheme } from './lib/theme';
import './styles.css';

// Before anything else: the browser may offer installation as soon as the page loads.
captureInstallPrompt();
applyStoredTheme();

const root = document.getElementById('root');
if (!root) throw new Error('index.html has no #root element');

const app = (
  <StrictMode>
    <App />
  </StrictMode>
);

// The server sends `/` prerendered (scripts/build.mjs) to browsers without a session
// cookie: the landing is on screen before any script runs, and React takes it over in
// place. Any other page starts from the empty shell.
if (root.dataset.prerendered === 'landing' && window.location.pathname === '/') {
  markSignedOutPerServer();
  // Already downloading (landing.html preloads it); hydrating before it is there would
  // suspend and repaint the landing.
  void preloadHomeScreen().then(() => hydrateRoot(root, app));
} else {
  preloadScreenOf(window.location.pathname);
  // The stored user paints the header at once; reading it needs the auth contract.
  void loadAuthContract()
    .catch(() => undefined)
    .then(() => createRoot(root).render(app));
}
