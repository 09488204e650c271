import { StrictMode, startTransition } from 'react';
import { createRoot } from 'react-dom/client';
import { App } from './app/app';
import { preloadScreenOf } from './app/router';
import { loadAuthContract } from './features/auth/api/current-user';
import { captureInstallPrompt } from './features/pwa/install-prompt-state';
import './styles.css';

// The browser may offer installation as soon as the page loads.
captureInstallPrompt();

const root = document.getElementById('root');
if (!root) throw new Error('index.html has no #root element');

preloadScreenOf(window.location.pathname);
// The stored user paints the header at once; reading it needs the auth contract.
void loadAuthContract()
  .catch(() => undefined)
  .then(() => {
    startTransition(() =>
      createRoot(root).render(
        <StrictMode>
          <App />
        </StrictMode>,
      ),
    );
  });
