// IndexedDB for every file, before anything imports Dexie: files share modules (isolate: false), and
// Dexie reads the browser's IndexedDB once, when it is first imported.
import 'fake-indexeddb/auto';
// The DOM matchers (toBeVisible, toHaveTextContent, toHaveValue, toBeDisabled…) on vitest's expect.
import '@testing-library/jest-dom/vitest';
import { cleanup, configure } from '@testing-library/react';
import { afterEach, expect, vi } from 'vitest';
import { addEnglish, setLanguage } from '../lib/i18n/i18n';
// Texts that come with their screens' chunks (i18n.ts addEnglish): tests of those screens without
// the back office's frame or the rider's page find them as the app does once loaded.
import '../lib/i18n/en-back-office';
import { enRider } from '../lib/i18n/en-rider';
import { clearToasts } from '../lib/toast';
import { contractBreaks } from './fetch-mock';

addEnglish('rider', enRider);

// findBy… and waitFor wait up to 3 s for what the user will see (1 s by default): four test files
// share two cores, and a modal's fade-out behind a saved request can take longer than 1 s there.
// What a test expects is unchanged; only how long it may take to appear.
configure({ asyncUtilTimeout: 3000 });

/**
 * A message said by key (contracts' messages.ts) is written in the screen's language before it is
 * shown (lib/messages.ts): one that reaches the page as it is, at any moment of a test, fails it.
 */
const SAID_MARK = '\uE000';
// One watcher for the page, whichever file's setup runs first (files share modules and the page).
const shared = globalThis as {
  saidWatch?: { unwritten: string[]; watcher: MutationObserver; body: HTMLElement };
};
const look = (unwritten: string[], records: MutationRecord[]) => {
  for (const record of records) {
    const texts =
      record.type === 'attributes'
        ? [(record.target as Element).getAttribute(record.attributeName ?? '')]
        : record.type === 'characterData'
          ? [record.target.textContent]
          : [...record.addedNodes].map((node) => node.textContent);
    for (const text of texts) if (text?.includes(SAID_MARK)) unwritten.push(text);
  }
};
if (shared.saidWatch?.body !== document.body) {
  const unwritten: string[] = [];
  const watcher = new MutationObserver((records) => look(unwritten, records));
  watcher.observe(document.body, { subtree: true, childList: true, characterData: true, attributes: true });
  shared.saidWatch = { unwritten, watcher, body: document.body };
}
const { unwritten, watcher } = shared.saidWatch;

// jsdom has no matchMedia: answer min-width/max-width queries from window.innerWidth (1024 by default).
window.matchMedia = (query: string) => {
  const min = /min-width:\s*([\d.]+)px/.exec(query);
  const max = /max-width:\s*([\d.]+)px/.exec(query);
  const width = window.innerWidth;
  const matches = (!min || width >= Number(min[1])) && (!max || width <= Number(max[1]));
  return {
    matches,
    media: query,
    onchange: null,
    addListener: () => undefined,
    removeListener: () => undefined,
    addEventListener: () => undefined,
    removeEventListener: () => undefined,
    dispatchEvent: () => false,
  };
};

// jsdom lays nothing out, so it has no scrolling: screens that scroll a heading into view do nothing.
Element.prototype.scrollIntoView = () => undefined;

afterEach(async () => {
  look(unwritten, watcher.takeRecords());
  const shown = unwritten.splice(0);
  cleanup();
  // A test's fake clock (test/timers.ts puts it back itself) never reaches the next test or file.
  vi.useRealTimers();
  localStorage.clear();
  clearToasts();
  // Files share one jsdom (isolate: false): the next test starts in English, as a first visit does.
  await setLanguage('en');
  // A mocked answer the server could not send fails its test, whatever the screen did with it.
  const breaks = contractBreaks.splice(0);
  expect(breaks, 'mocked answers that break their contract').toEqual([]);
  expect(shown, 'messages said by key shown as they are').toEqual([]);
});
