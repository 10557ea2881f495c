import type { Area, ShopInfo } from '@bazar/contracts/settings';
import { useQuery } from '@tanstack/react-query';
import { useMemo } from 'react';
import { call } from './api';
import { useTranslation } from './i18n/i18n';

export type { Area, ShopInfo };

/**
 * The shop's own data that many screens read: delivery areas, the delivery charge and what
 * invoices print about the shop (with its time zone). Fetched and cached here only, under these
 * keys, so a change made in the back office reaches every screen that shows it.
 */
export const SHOP_KEYS = {
  areas: ['areas'],
  /** Every read of GET /api/settings (the prefix of the two below). */
  settings: ['settings'],
  /** The back office's settings form (an admin's answer: every field). */
  adminSettings: ['settings', 'admin'],
  /** The delivery charge, as checkout and the till read it. */
  ship: ['settings', 'ship'],
  shopInfo: ['shop-info'],
  /** The footer's pages and social links (GET /api/shop-pages). */
  shopPages: ['shop-pages'],
} as const;

/** Spec §9: the delivery charge until the settings answer (and when they fail); the till starts at it too. */
export const DEFAULT_SHIP = 30;

export const fetchAreas = () => call('GET /api/areas').then((answer) => answer.data);

const fetchShip = () => call('GET /api/settings').then((answer) => answer.data.ship);

export const fetchShopInfo = () => call('GET /api/shop-info').then((answer) => answer.data);

/** The delivery areas (checkout, the till, the customer edit modal, the areas screen). */
export function useAreas({ fresh = false }: { fresh?: boolean } = {}) {
  return useQuery({ queryKey: SHOP_KEYS.areas, queryFn: fetchAreas, staleTime: fresh ? 0 : 60_000 });
}

/**
 * An area as the screen's language names it. Orders and customers keep the area's English title
 * (the record); in Bangla the shop's area of that title gives its Bangla name, and a title the shop
 * no longer has (a deleted area) shows as it was saved.
 */
export function useAreaName(): (title: string) => string {
  const { language } = useTranslation();
  const areas = useAreas().data;
  return useMemo(() => {
    if (language !== 'bn' || !areas) return (title: string) => title;
    const names = new Map(areas.map((area) => [area.title, area.title_bn]));
    return (title: string) => names.get(title) || title;
  }, [language, areas]);
}

/** The delivery charge: DEFAULT_SHIP until the settings answer; `reload` asks again. */
export function useShip() {
  const query = useQuery({ queryKey: SHOP_KEYS.ship, queryFn: fetchShip, staleTime: 60_000, retry: 1 });
  const ship = query.data;
  return {
    ship: typeof ship === 'number' && Number.isFinite(ship) ? ship : DEFAULT_SHIP,
    reload: () => void query.refetch(),
  };
}

/** The shop's address, phones and time zone; they change rarely. */
export function useShopInfo() {
  return useQuery({ queryKey: SHOP_KEYS.shopInfo, queryFn: fetchShopInfo, staleTime: 10 * 60_000 });
}

const fetchShopPages = () => call('GET /api/shop-pages').then((answer) => answer.data);

/** The footer's pages (About Us, Terms & Conditions, Privacy Policy) and social links, as the owner wrote them. */
export function useShopPages({ enabled = true }: { enabled?: boolean } = {}) {
  return useQuery({ queryKey: SHOP_KEYS.shopPages, queryFn: fetchShopPages, staleTime: 5 * 60_000, enabled });
}
