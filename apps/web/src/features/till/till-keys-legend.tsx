import { Fragment } from 'react';
import { useTranslation } from '../../lib/i18n/i18n';
import { TILL_KEYS } from './till-keys';

/** The keyboard map on screen: F2 or / product, F4 payment, F9 save and print, Esc clear, ↑ ↓ Enter. */
export function TillKeysLegend() {
  const { t } = useTranslation();
  return (
    <ul
      className="till-keys list-inline small text-secondary mb-3 d-none d-md-block"
      aria-label={t('adminTill.keys.heading')}
    >
      {TILL_KEYS.map(({ keys, action }) => (
        <li key={action} className="list-inline-item">
          {keys.map((key, index) => (
            <Fragment key={key}>
              {index > 0 && (action === 'product' ? ` ${t('adminTill.keys.or')} ` : ' ')}
              <kbd>{key}</kbd>
            </Fragment>
          ))}{' '}
          {t(`adminTill.keys.${action}`)}
        </li>
      ))}
    </ul>
  );
}
