import { useState } from 'react';
import './language-switch.css';
import { setLanguage, useTranslation, type Language } from '../lib/i18n/i18n';

/** Each language's name in itself: the switch offers the other one by the name its readers know. */
const NAMES: Record<Language, string> = { en: 'English', bn: 'বাংলা' };

/**
 * English ⇄ বাংলা, for the storefront's and the back office's top bars: shows the other language,
 * switches every screen to it at once and remembers the choice on this browser (`lang`).
 */
export function LanguageSwitch({ className = 'btn btn-outline-secondary' }: { className?: string }) {
  const { t, language } = useTranslation();
  const next: Language = language === 'bn' ? 'en' : 'bn';
  const [busy, setBusy] = useState(false);
  const choose = () => {
    setBusy(true);
    setLanguage(next, { remember: true })
      .catch(() => undefined) // its texts could not be fetched (offline): the screen stays as it is
      .finally(() => setBusy(false));
  };
  return (
    <button
      type="button"
      className={`${className} language-switch`}
      lang={next}
      title={t('layout.language')}
      onClick={choose}
      disabled={busy}
      data-testid="language-switch"
    >
      {NAMES[next]}
    </button>
  );
}
