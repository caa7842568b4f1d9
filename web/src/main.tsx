// Entry: renders once the stored language is applied (lib/i18n: immediately for the bundled
// default, after loading its file for another), so the first paint is in the right language.
import './index.css';

import { StrictMode } from 'react';
import { createRoot } from 'react-dom/client';

import { App, preloadRoute } from './app/router';
import { i18nReady } from './lib/i18n';

preloadRoute(location.hash);

void i18nReady.then(() =>
  createRoot(document.getElementById('root')!).render(
    <StrictMode>
      <App />
    </StrictMode>,
  ),
);
