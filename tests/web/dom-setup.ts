// The DOM tests' setup (through setup.ts): fresh DOM and storage for every test, English UI unless a test says otherwise.
import { cleanup, configure } from '@testing-library/react';
import { afterEach, beforeEach } from 'vitest';

import { allTextsReady, i18n } from '../../web/src/lib/i18n';

// Screens are lazy routes: the first render of one in a file waits for its module to be transformed
// and imported, which on a cold machine (a fresh clone on CI) took longer than the default 1 s.
configure({ asyncUtilTimeout: 8000 });

// jsdom has no layout: its window.scrollTo only reports "not implemented". Pages call it when opened.
window.scrollTo = () => undefined;

beforeEach(async () => {
  localStorage.clear();
  await allTextsReady;
  await i18n.changeLanguage('en');
});

afterEach(() => {
  cleanup();
});
