import { expect, type Locator } from '@playwright/test';

/**
 * The words in Latin letters a screen in Bangla shows, once the texts that are data are taken out
 * (a customer's name and address as typed, a phone, the shop's name): in Bangla mode every text of
 * the shop's own is Bangla, so what is left must be nothing. Hidden elements and <script>/<style>
 * are not read; neither is anything marked `translate="no"` (codes such as bKash transaction ids)
 * or written in another language on purpose (`lang="en"`: the switch offering English by its name),
 * nor keys' names in <kbd> (as the keyboard's keys print them).
 */
export async function latinWords(scope: Locator, data: readonly string[] = []): Promise<string[]> {
  const text = await scope.evaluate((root) => {
    const parts: string[] = [];
    const walker = document.createTreeWalker(root, NodeFilter.SHOW_TEXT);
    for (let node = walker.nextNode(); node; node = walker.nextNode()) {
      const parent = node.parentElement;
      // <kbd>: a key's name as printed on the keyboard (Enter, Esc, F9).
      if (!parent || parent.closest('script, style, noscript, kbd, [translate="no"], [hidden]')) continue;
      if (parent.closest('[lang]')?.getAttribute('lang') !== 'bn') continue;
      const style = getComputedStyle(parent);
      if (style.display === 'none' || style.visibility === 'hidden') continue;
      parts.push(node.textContent ?? '');
    }
    // What assistive technology reads but the eye does not: labels and titles of controls.
    for (const el of Array.from(root.querySelectorAll('[aria-label], [placeholder], [title]'))) {
      if (el.closest('[translate="no"], [hidden]') || el.closest('[lang]')?.getAttribute('lang') !== 'bn')
        continue;
      for (const name of ['aria-label', 'placeholder', 'title']) parts.push(el.getAttribute(name) ?? '');
    }
    return parts.join('\n');
  });
  let left = text;
  for (const value of data) left = left.split(value).join(' ');
  return [...new Set(left.match(/[A-Za-z]{2,}/g) ?? [])].filter((word) => !KEY_NAMES.has(word));
}

/** Keys as a keyboard prints them, which a Bangla text names in Latin letters too ("Enter চাপুন"). */
const KEY_NAMES = new Set(['Enter', 'Esc', 'Tab', 'Shift', 'Ctrl', 'Alt']);

/** Fails (softly: the test goes on, to find every one) with the English words a Bangla screen shows. */
export async function expectAllBangla(scope: Locator, data: readonly string[] = []): Promise<void> {
  expect.soft(await latinWords(scope, data), 'English words on a screen in Bangla').toEqual([]);
}

/** Latin digits left in a text (Bangla screens write numbers in Bengali digits). */
export const latinDigits = (text: string | null) => (text ?? '').match(/[0-9]/g) ?? [];
