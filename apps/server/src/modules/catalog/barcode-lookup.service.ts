import { unitOf, type BarcodeLookup } from '@bazar/contracts/catalog';
import { say } from '@bazar/contracts/messages';
import type { Ctx } from '../../lib/context';
import { Invalid, NotFound } from '../../lib/errors';
import { shopSettings } from '../settings/settings.service';
import * as repo from './products.repository';
import { labelQuantity, parseScaleLabel } from '@bazar/contracts/scale-labels';

const view = (p: repo.ScanRow): BarcodeLookup['product'] => ({
  id: p.id,
  title: p.title,
  attri: p.attri,
  title_bn: p.titleBn,
  attri_bn: p.attriBn,
  price: p.price,
  offprice: p.offprice,
  barcode: p.barcode,
  unit: unitOf(p.unit),
});

/**
 * The product of a scanned code and how much of it. A product's own barcode comes first (quantity
 * 1), even one that looks like a scale label: a maker's EAN-13 may start with 21–29. Otherwise a
 * label of one of the shop's scale rules (Setting) gives the product of its item code and the
 * quantity inside it. 404 when nothing matches; 422 on `code` for a label that cannot be a sale.
 */
export async function lookupBarcode(ctx: Ctx, code: string): Promise<BarcodeLookup> {
  const own = await repo.findScanByBarcode(ctx.db, code);
  if (own) return { product: view(own), quantity: 1, label_poisha: null };

  const reading = parseScaleLabel(code, (await shopSettings(ctx)).scaleRules);
  if (reading.is === 'none') throw new NotFound(say('scan.noBarcode', { code }));
  if (reading.is === 'wrong-check-digit') throw new Invalid('code', say('scan.checkDigit'));
  if (reading.is === 'zero')
    throw new Invalid('code', say(reading.kind === 'weight' ? 'scan.zeroWeight' : 'scan.zeroPrice'));

  const { label } = reading;
  const product = await repo.findScanByPlu(ctx.db, label.plu);
  if (!product) throw new NotFound(say('scan.noPlu', { plu: label.plu }));
  // The price the till charges for the line: the offer price if there is one (order-lines.ts).
  const read = labelQuantity(label, product.offprice ?? product.price);
  if ('problem' in read) {
    throw new Invalid(
      'code',
      read.problem === 'no-price'
        ? say('scan.noPrice', { title: product.title })
        : say(label.kind === 'weight' ? 'scan.tinyWeight' : 'scan.tinyPrice', {
            unit: say(`scan.units.${unitOf(product.unit)}`),
          }),
    );
  }
  return {
    product: view(product),
    quantity: read.quantity,
    label_poisha: label.kind === 'price' ? label.value : null,
  };
}
