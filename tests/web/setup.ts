// Shared test setup: fresh DOM and storage for every test, English UI unless a test says otherwise.
import { cleanup } from '@testing-library/react';
import { afterEach, beforeEach } from 'vitest';
import { allTextsReady, i18n } from '../../web/src/lib/i18n';

beforeEach(async () => {
  localStorage.clear();
  await allTextsReady;
  await i18n.changeLanguage('en');
});

afterEach(() => {
  cleanup();
});
