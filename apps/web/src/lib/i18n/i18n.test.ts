import { describe, expect, it, vi } from 'vitest';
import { t, type MessageKey } from './i18n';

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
