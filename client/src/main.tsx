import { StrictMode } from 'react';
import { createRoot } from 'react-dom/client';
import { App } from './app/app';
import { captureInstallPrompt } from './features/pwa/install-prompt-state';
import { applyStoredTheme } from './lib/theme';
import './styles.css';

// Before anything else: the browser may offer installation as soon as the page loads.
captureInstallPrompt();
applyStoredTheme();

const root = document.getElementById('root');
if (!root) throw new Error('index.html has no #root element');

createRoot(root).render(
  <StrictMode>
    <App />
  </StrictMode>,
);
