import { useTranslation } from '../../lib/i18n/i18n';
import { FacebookIcon, InstagramIcon, YoutubeIcon } from '../../components/icons';

const socialLinks = [
  { key: 'facebook', Icon: FacebookIcon },
  { key: 'instagram', Icon: InstagramIcon },
  { key: 'youtube', Icon: YoutubeIcon },
] as const;

export function SiteFooter() {
  const { t } = useTranslation();
  return (
    <footer className="site-footer bg-white border-top mt-auto">
      <div className="container py-4 d-flex flex-column flex-md-row align-items-center justify-content-between gap-3">
        <nav aria-label={t('footer.links')}>
          <ul className="list-inline mb-0 text-center">
            <li className="list-inline-item">
              <a href="#">{t('footer.about')}</a>
            </li>
            <li className="list-inline-item">
              <a href="#">{t('footer.terms')}</a>
            </li>
            <li className="list-inline-item">
              <a href="#">{t('footer.privacy')}</a>
            </li>
          </ul>
        </nav>
        <ul className="list-inline mb-0" aria-label={t('footer.social')}>
          {socialLinks.map(({ key, Icon }) => (
            <li key={key} className="list-inline-item">
              <a href="#" className="social-link" aria-label={t(`footer.${key}`)}>
                <Icon size={22} />
              </a>
            </li>
          ))}
        </ul>
      </div>
      <p className="text-center small text-secondary mb-0 pb-3 px-2">
        {t('footer.credit', { shop: t('shop.name'), developer: t('footer.developer') })}
      </p>
    </footer>
  );
}
