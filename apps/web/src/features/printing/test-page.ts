import type { ReceiptPaper } from '../../components/receipt-paper';
import type { Translation } from '../../lib/i18n/i18n';
import { COLUMNS, type PrintedDocument } from './printed-document';

/**
 * Setting's test page: the printer's name, a ruler as wide as the paper's line (a printer set to
 * the other paper shows it at once), a Bangla line (printed as a picture), a barcode. It never
 * opens the drawer.
 */
export function testPageDocument({ t }: Translation, paper: ReceiptPaper, printer: string): PrintedDocument {
  const columns = COLUMNS[paper];
  const ruler = Array.from({ length: columns }, (_, i) => String((i + 1) % 10)).join('');
  return {
    lines: [
      { kind: 'text', text: t('adminPrinting.test.title'), align: 'center', bold: true, big: true },
      { kind: 'text', text: printer, align: 'center' },
      { kind: 'rule' },
      { kind: 'text', text: t('adminPrinting.test.paper', { paper, columns }) },
      { kind: 'text', text: ruler },
      { kind: 'row', left: t('adminTill.receipt.total'), right: '1,250' },
      { kind: 'rule', light: true },
      { kind: 'text', text: t('adminPrinting.test.bangla') },
      { kind: 'rule' },
      { kind: 'barcode', value: '1234' },
      { kind: 'text', text: t('adminPrinting.test.done'), align: 'center' },
    ],
    drawer: false,
  };
}
