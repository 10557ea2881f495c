import { useEffect } from 'react';
import { firstLanguage, setLanguage } from '../lib/i18n/i18n';
import { useShopInfo } from '../lib/shop-api';

/**
 * A first visit (no choice on this browser, and a browser that does not prefer Bangla) follows
 * the shop's default language from Setting, without remembering it: the switch remembers.
 */
export function FollowShopLanguage() {
  const language = useShopInfo().data?.language;
  useEffect(() => {
    if (language && firstLanguage() === undefined) void setLanguage(language).catch(() => undefined);
  }, [language]);
  return null;
}
