import type { SelectHTMLAttributes } from 'react';
import { isLanguage, LANGUAGE_NAMES, LANGUAGES, type Language } from '../lib/i18n/i18n';

/**
 * English / বাংলা as the options of a select, each language by the name its readers know: a
 * customer's language (the till's customer form, Customer Edit, registered with the form).
 */
export function LanguageOptions() {
  return LANGUAGES.map((lang) => (
    <option key={lang} value={lang} lang={lang}>
      {LANGUAGE_NAMES[lang]}
    </option>
  ));
}

type Props = Omit<SelectHTMLAttributes<HTMLSelectElement>, 'onChange' | 'value' | 'children'> & {
  value: Language;
  onChange: (lang: Language) => void;
};

/** A language select held by its owner's state (the language an invoice prints in). */
export function LanguageSelect({ value, onChange, ...props }: Props) {
  return (
    <select
      {...props}
      value={value}
      onChange={(event) => {
        if (isLanguage(event.target.value)) onChange(event.target.value);
      }}
    >
      <LanguageOptions />
    </select>
  );
}
