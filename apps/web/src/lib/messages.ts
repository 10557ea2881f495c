import { english, render } from '@bazar/contracts/messages';
import { currentLanguage, loadedMessages, useTranslation, type Language } from './i18n/i18n';

/**
 * The shop's messages on screen: a schema's refusal under a field (contracts' messages.ts, said by
 * key) written in the screens' language. Bangla's catalogue comes with the Bengali screen catalogue
 * (i18n.ts loads it); until it is here a message is written in English. A text that is no said
 * message (the catalogue's, the server's, already written) is shown as it is.
 */
const messageIn = (lang: Language, message: string) => render(loadedMessages(lang) ?? english, message);

/** A message in the language the screens speak now (outside a component: the till's own lookups). */
export const messageInLanguage = (message: string) => messageIn(currentLanguage(), message);

/** Writes messages in the language of the screen that calls it (it draws again when that changes). */
export function useMessages(): (message: string) => string {
  const { language } = useTranslation();
  return (message) => messageIn(language, message);
}
