import { act, renderHook } from '@testing-library/react';
import { afterEach, describe, expect, it } from 'vitest';
import { setLanguage } from './i18n/i18n';
import { localName, useLocalName } from './names';

describe('localName: the name in the language on screen', () => {
  it('reads the English name in English and the Bangla one in Bangla', () => {
    expect(localName('Rice', 'চাল', 'en')).toBe('Rice');
    expect(localName('Rice', 'চাল', 'bn')).toBe('চাল');
  });

  it('falls back to English when there is no Bangla name', () => {
    expect(localName('Rice', '', 'bn')).toBe('Rice');
    expect(localName('Rice', undefined, 'bn')).toBe('Rice');
  });

  it('falls back to Bangla when there is no English name', () => {
    expect(localName('', 'চাল', 'en')).toBe('চাল');
  });

  it('is empty only when both are', () => {
    expect(localName('', '', 'en')).toBe('');
    expect(localName('', '', 'bn')).toBe('');
    expect(localName('', undefined, 'bn')).toBe('');
  });
});

describe('useLocalName', () => {
  afterEach(async () => {
    await act(() => setLanguage('en'));
  });

  it('follows the language switch', async () => {
    const { result } = renderHook(() => useLocalName());
    expect(result.current('Rice', 'চাল')).toBe('Rice');
    await act(() => setLanguage('bn'));
    expect(result.current('Rice', 'চাল')).toBe('চাল');
    expect(result.current('Rice', '')).toBe('Rice');
  });
});
