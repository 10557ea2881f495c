import { z } from 'zod';
import { say } from './messages';
import './zod-messages';

/** The storefront's footer pages, each written by the owner in Setting. */
export const SHOP_PAGES = ['about', 'terms', 'privacy'] as const;
export type ShopPageKey = (typeof SHOP_PAGES)[number];
export const SOCIAL_NETWORKS = ['facebook', 'instagram', 'youtube'] as const;
export type SocialNetwork = (typeof SOCIAL_NETWORKS)[number];

const pageText = z.string().trim().max(20_000, say('shopPages.tooLong'));
/** A page in English and Bangla ('' where the owner wrote none: the other language's shows). */
const pageTexts = z.object({ en: pageText.default(''), bn: pageText.default('') });

/** A social page's address: empty (the icon is hidden) or an http(s) address. */
const socialLink = z
  .string()
  .trim()
  .max(300, say('text.atMost', { max: 300 }))
  .refine((v) => v === '' || /^https?:\/\/[^\s/$.?#][^\s]*$/i.test(v), {
    message: say('shopPages.https'),
  });

/**
 * About Us, Terms & Conditions, Privacy Policy and the social links of the storefront's footer:
 * `GET /api/shop-pages` (public), `POST /api/shop-pages` (admin, the whole set).
 */
export const shopPages = z.object({
  pages: z.object({ about: pageTexts, terms: pageTexts, privacy: pageTexts }),
  social: z.object({
    facebook: socialLink.default(''),
    instagram: socialLink.default(''),
    youtube: socialLink.default(''),
  }),
});
export type ShopPages = z.infer<typeof shopPages>;
export type ShopPagesInput = z.input<typeof shopPages>;

export const EMPTY_SHOP_PAGES: ShopPages = {
  pages: { about: { en: '', bn: '' }, terms: { en: '', bn: '' }, privacy: { en: '', bn: '' } },
  social: { facebook: '', instagram: '', youtube: '' },
};
