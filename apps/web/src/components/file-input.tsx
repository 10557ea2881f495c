import { forwardRef, useState, type InputHTMLAttributes } from 'react';
import { useTranslation } from '../lib/i18n/i18n';
import './file-input.css';

type Props = Omit<InputHTMLAttributes<HTMLInputElement>, 'type'>;

/**
 * A file field that speaks the screen's language. The browser's own draws "Choose File" and "No
 * file chosen" in the browser's language, whatever the page's: English on a Bangla screen. Here the
 * real input lies over the box, transparent, so a click, a tap, the keyboard, a dropped file and a
 * screen reader (by the field's label) all still reach it; the box shows the button and the chosen
 * file's name in the screen's words. `className` goes on the box (`form-control`, `is-invalid`).
 * A form that empties the field after sending draws a new one (a `key`), which starts empty.
 */
export const FileInput = forwardRef<HTMLInputElement, Props>(function FileInput(
  { className = 'form-control', onChange, ...props },
  ref,
) {
  const { t } = useTranslation();
  const [chosen, setChosen] = useState('');
  return (
    <div className={`file-input ${className}`}>
      <input
        {...props}
        ref={ref}
        type="file"
        className="file-input-native"
        onChange={(event) => {
          setChosen(Array.from(event.currentTarget.files ?? [], (file) => file.name).join(', '));
          onChange?.(event);
        }}
      />
      <span className="file-input-button" aria-hidden="true">
        {t('files.choose')}
      </span>
      <span className="file-input-name" aria-hidden="true">
        {chosen || t('files.none')}
      </span>
    </div>
  );
});
