import type { SocialNetwork } from '@bazar/contracts/shop-pages';
import { Link } from 'react-router';
import { FacebookIcon, InstagramIcon, YoutubeIcon } from '../../components/icons';
import { useTranslation } from '../../lib/i18n/i18n';
import { useShopPages } from '../../lib/shop-api';

const ICONS = { facebook: FacebookIcon, instagram: InstagramIcon, youtube: YoutubeIcon } as const;
// Listed here, not imported from the contracts' module: that one brings zod to every storefront page.
const NETWORKS: readonly SocialNetwork[] = ['facebook', 'instagram', 'youtube'];

/**
 * The storefront's footer (spec: About Us, Terms & Conditions, Privacy Policy, three social icons,
 * the developer credit with the year 2021). The pages show the owner's text (Setting); a social
 * icon shows only when the owner gave its address.
 */
export function SiteFooter() {
  const { t } = useTranslation();
  const social = useShopPages().data?.social;
  const links = NETWORKS.filter((key) => social?.[key]);
  return (
    <footer className="site-footer bg-white border-top mt-auto">
      <div className="container py-4 d-flex flex-column flex-md-row align-items-center justify-content-between gap-3">
        <nav aria-label={t('footer.links')}>
          <ul className="list-inline mb-0 text-center">
            <li className="list-inline-item">
              <Link to="/about">{t('footer.about')}</Link>
            </li>
            <li className="list-inline-item">
              <Link to="/terms">{t('footer.terms')}</Link>
            </li>
            <li className="list-inline-item">
              <Link to="/privacy">{t('footer.privacy')}</Link>
            </li>
          </ul>
        </nav>
        {links.length > 0 && (
          <ul className="list-inline mb-0" aria-label={t('footer.social')}>
            {links.map((key) => {
              const Icon = ICONS[key];
              return (
                <li key={key} className="list-inline-item">
                  <a
                    href={social?.[key]}
                    className="social-link"
                    aria-label={t(`footer.${key}`)}
                    target="_blank"
                    rel="noopener noreferrer"
                  >
                    <Icon size={22} />
                  </a>
                </li>
              );
            })}
          </ul>
        )}
      </div>
      <p className="text-center small text-secondary mb-0 pb-3 px-2">
        {t('footer.credit', { shop: t('shop.name'), developer: t('footer.developer') })}
      </p>
    </footer>
  );
}
