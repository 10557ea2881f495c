import { afterEach, describe, expect, it } from 'vitest';
import { fetchLaterChunks } from './later-chunks';

afterEach(() => {
  document.head.innerHTML = '';
});

describe('fetchLaterChunks', () => {
  it("puts the template's links in the document once, and does nothing without one", () => {
    document.head.innerHTML =
      '<template id="later-chunks"><link rel="modulepreload" crossorigin href="/assets/a.js">' +
      '<link rel="preload" as="style" crossorigin href="/assets/a.css"></template>';
    fetchLaterChunks();
    expect(document.getElementById('later-chunks')).toBeNull();
    expect([...document.head.querySelectorAll('link')].map((link) => link.getAttribute('href'))).toEqual([
      '/assets/a.js',
      '/assets/a.css',
    ]);
    fetchLaterChunks();
    expect(document.head.querySelectorAll('link')).toHaveLength(2);
  });
});
