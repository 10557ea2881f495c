import { act, render, screen } from '@testing-library/react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import {
  browserPrefersBangla,
  currentLanguage,
  firstLanguage,
  formatNumber,
  InLanguage,
  LANGUAGE_STORAGE_KEY,
  setLanguage,
  storedLanguage,
  t,
  translator,
  useTranslation,
  type MessageKey,
} from './i18n';

describe('message catalogue', () => {
  it('reads texts by key, in the spec’s own spelling', () => {
    expect(t('auth.messages.loginRequired')).toBe('Phone & Password is required');
    expect(t('layout.searchPlaceholder')).toBe('Type product name');
  });

  it('fills {{name}} placeholders', () => {
    expect(t('layout.cartToggle', { count: 3 })).toBe('Cart(3)');
  });

  it('chooses plural forms by count', () => {
    expect(t('adminCatalog.barcodes.labelCount', { count: 1 })).toBe('1 label');
    expect(t('adminCatalog.barcodes.labelCount', { count: 4 })).toBe('4 labels');
  });

  it('answers the key itself, and warns, for a missing text', () => {
    const warn = vi.spyOn(console, 'warn').mockImplementation(() => undefined);
    expect(t('no.such.key' as MessageKey)).toBe('no.such.key');
    expect(warn).toHaveBeenCalledWith('Missing text: no.such.key');
    warn.mockRestore();
  });
});

describe('language', () => {
  afterEach(async () => {
    await setLanguage('en');
    window.localStorage.clear();
  });

  it('switches every text to Bangla, sets <html lang> and remembers the choice when asked', async () => {
    await setLanguage('bn', { remember: true });
    expect(currentLanguage()).toBe('bn');
    expect(document.documentElement.lang).toBe('bn');
    expect(window.localStorage.getItem(LANGUAGE_STORAGE_KEY)).toBe('bn');
    expect(storedLanguage()).toBe('bn');
    expect(t('layout.login')).toBe('লগইন');
    expect(t('layout.cartToggle', { count: 3 })).toBe('কার্ট(৩)');
    await setLanguage('en');
    expect(t('layout.login')).toBe('Login');
    expect(document.documentElement.lang).toBe('en');
    // Following the shop's default is not a choice: nothing is remembered.
    window.localStorage.clear();
    await setLanguage('bn');
    expect(storedLanguage()).toBeUndefined();
  });

  it('groups amounts the Bangladeshi way in both languages, Bengali digits in Bangla', async () => {
    expect(t('common.price', { amount: 377669 })).toBe('3,77,669 BDT');
    expect(formatNumber(12345678)).toBe('1,23,45,678');
    expect(formatNumber(1.5)).toBe('1.5');
    await setLanguage('bn');
    expect(t('common.price', { amount: 377669 })).toBe('৩,৭৭,৬৬৯ টাকা');
    expect(formatNumber(0.25)).toBe('০.২৫');
  });

  it('leaves ids, phones and codes as they are typed', async () => {
    await setLanguage('bn');
    const text = t('adminOrders.differences.provisional', { provisional: 12345 });
    expect(text).toContain('12345');
    expect(text).not.toContain('১');
  });

  it('opens in the stored choice, else in Bangla when the browser prefers it', () => {
    expect(browserPrefersBangla(['bn-BD', 'en-US'])).toBe(true);
    expect(browserPrefersBangla(['en-GB', 'bn'])).toBe(false);
    expect(browserPrefersBangla(['fr', 'bn'])).toBe(true);
    expect(browserPrefersBangla([])).toBe(false);
    window.localStorage.setItem(LANGUAGE_STORAGE_KEY, 'en');
    expect(firstLanguage()).toBe('en');
    window.localStorage.setItem(LANGUAGE_STORAGE_KEY, 'xx');
    expect(storedLanguage()).toBeUndefined();
  });

  it("writes a part of the page in another language without changing the screens' (a customer's invoice)", async () => {
    function Amount() {
      const { t: tr, language, formatNumber: n } = useTranslation();
      return (
        <p data-testid={`amount-${language}`}>
          {tr('common.price', { amount: 1250 })} · {n(377669)}
        </p>
      );
    }
    render(
      <>
        <Amount />
        <InLanguage lang="bn" fallback={<p>loading</p>}>
          <Amount />
        </InLanguage>
      </>,
    );
    expect((await screen.findByTestId('amount-bn')).textContent).toBe('১,২৫০ টাকা · ৩,৭৭,৬৬৯');
    expect(screen.getByTestId('amount-en').textContent).toBe('1,250 BDT · 3,77,669');
    expect(currentLanguage()).toBe('en');
    expect(document.documentElement.lang).not.toBe('bn');
    const bn = await translator('bn');
    expect(bn.t('layout.login')).toBe('লগইন');
    expect(t('layout.login')).toBe('Login');
  });

  it('re-renders a screen that reads texts when the language changes', async () => {
    function Hello() {
      const { t: tr } = useTranslation();
      return <p>{tr('layout.login')}</p>;
    }
    render(<Hello />);
    expect(screen.getByText('Login')).toBeVisible();
    await act(() => setLanguage('bn'));
    expect(screen.getByText('লগইন')).toBeVisible();
  });
});
