import { useRef } from 'react';
import { usePrintedPage } from '../../components/printed-page';
import { useTranslation } from '../../lib/i18n/i18n';
import type { PrintedLine } from '../printing/printed-document';

const textClass = (line: Extract<PrintedLine, { kind: 'text' }>) =>
  [line.align === 'center' && 'receipt-center', line.bold && 'receipt-strong', line.big && 'receipt-shop']
    .filter(Boolean)
    .join(' ') || undefined;

/**
 * The pick list on the 80 mm roll (receipt.css: the till receipt's 48-character column), drawn from
 * the lines the thermal printer prints. While it is shown, the printed page is 80 mm wide and as
 * long as the roll.
 */
export function PickListRoll({ lines, label }: { lines: readonly PrintedLine[]; label: string }) {
  const { language } = useTranslation();
  const ref = useRef<HTMLElement>(null);
  usePrintedPage(ref, '80');
  return (
    <article
      ref={ref}
      className="receipt receipt-80 pick-roll"
      data-paper="80"
      aria-label={label}
      lang={language}
    >
      {lines.map((line, index) => {
        if (line.kind === 'rule')
          return <hr key={index} className={`receipt-rule${line.light ? ' receipt-rule-light' : ''}`} />;
        if (line.kind === 'row') {
          return (
            <div key={index} className={`receipt-row${line.bold ? ' receipt-strong' : ''}`}>
              <span className="receipt-left">{line.left}</span>
              <span className="receipt-right">{line.right}</span>
            </div>
          );
        }
        if (line.kind === 'text') {
          return (
            <p key={index} className={textClass(line)}>
              {line.text}
            </p>
          );
        }
        // The pick list has no barcode: nothing to draw for one.
        return null;
      })}
    </article>
  );
}
