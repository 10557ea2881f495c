import { useState } from 'react';
import './language-switch.css';
import { LANGUAGE_NAMES, setLanguage, useTranslation, type Language } from '../lib/i18n/i18n';

/** The other language's name, short, where a phone's top bar has no room for the whole one. */
const SHORT_NAMES: Record<Language, string> = { en: 'EN', bn: 'বাং' };

/**
 * English ⇄ বাংলা, for the storefront's and the back office's top bars: shows the other language,
 * switches every screen to it at once and remembers the choice on this browser (`lang`). On a
 * phone the button says EN / বাং (its name, for screen readers, stays the whole one), so the top
 * bar keeps to one line.
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
      aria-label={LANGUAGE_NAMES[next]}
      title={t('layout.language')}
      onClick={choose}
      disabled={busy}
      data-testid="language-switch"
    >
      {/* The other language by the name its readers know. */}
      <span className="d-none d-sm-inline">{LANGUAGE_NAMES[next]}</span>
      <span className="d-sm-none" aria-hidden="true">
        {SHORT_NAMES[next]}
      </span>
    </button>
  );
}
