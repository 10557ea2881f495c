import type { BarcodeLookup, FoundProduct } from '@bazar/contracts/catalog';
import { ApiError, isApiError } from '../../../lib/api';
import { messageInLanguage } from '../../../lib/messages';
import { findProducts, scanBarcode } from '../till-api';
import { DEFAULT_SCALE_RULES, scanLocal, searchLocal, type ScanFailure } from './lookup';
import { tillDb, type TillDb } from './till-db';
import { readCatalogVersion, readSettings } from './till-meta';

/**
 * The till's scans and searches: from the copy of the catalogue in this browser once it holds one
 * (no network, a scan in a few milliseconds), from the server until then. Both answer as the
 * server would, failures included (an ApiError of its status and text), so the screens cannot tell.
 */

/** What a suggestion shows and adds, from either source. */
export type TillSuggestion = Pick<
  FoundProduct,
  'id' | 'title' | 'attri' | 'title_bn' | 'attri_bn' | 'price' | 'offprice' | 'unit'
>;

/** How long a code the copy does not know waits for the server, which may know a product just added. */
export const SERVER_CHECK_MS = 1500;

/** Runs `local` when the store holds a catalogue; undefined when it does not or cannot be read. */
async function whenReady<T>(db: TillDb, local: () => Promise<T>): Promise<T | undefined> {
  if (typeof indexedDB === 'undefined') return undefined;
  try {
    return (await readCatalogVersion(db)) === null ? undefined : await local();
  } catch (error) {
    console.error('The till could not read its copy of the catalogue', error);
    return undefined;
  }
}

/** The server's answer to the code, in the words it would use (the screens' language). */
const asApiError = (failure: ScanFailure) => {
  const message = messageInLanguage(failure.message);
  return new ApiError(failure.status, message, failure.status === 422 ? { code: [message] } : undefined, {
    message,
    code: failure.status === 404 ? 'not_found' : 'invalid',
  });
};

/** The server's answer for a code (found, or its 404/422), or undefined when there is none in time. */
function askServer(code: string): Promise<BarcodeLookup | ApiError | undefined> {
  let timer: number | undefined;
  const late = new Promise<undefined>((resolve) => {
    timer = window.setTimeout(resolve, SERVER_CHECK_MS);
  });
  const answer = scanBarcode(code).then(
    (found) => found,
    (error: unknown) => (isApiError(error, 404) || isApiError(error, 422) ? error : undefined),
  );
  return Promise.race([answer, late]).finally(() => window.clearTimeout(timer));
}

/** A scan, as GET /api/product/barcode/{code} answers it. */
export async function scanCode(code: string, db: TillDb = tillDb()): Promise<BarcodeLookup> {
  const local = await whenReady(db, async () => {
    const settings = await readSettings(db);
    const rules = settings && 'scale_rules' in settings ? settings.scale_rules : DEFAULT_SCALE_RULES;
    return scanLocal(db, code, rules);
  });
  if (!local) return scanBarcode(code);
  if (!('problem' in local)) {
    const { id, title, attri, title_bn, attri_bn, price, offprice, barcode, unit } = local.product;
    return {
      product: { id, title, attri, title_bn, attri_bn, price, offprice, barcode, unit },
      quantity: local.quantity,
      label_poisha: local.label_poisha,
    };
  }
  if (local.status === 404) {
    // A product added in the last minute is not in the copy yet: the server has the last word.
    const server = await askServer(code);
    if (server instanceof ApiError) throw server;
    if (server) return server;
  }
  throw asApiError(local);
}

/** The product box's suggestions, as GET /api/product/find/{text} answers them. */
export async function findText(text: string, db: TillDb = tillDb()): Promise<TillSuggestion[]> {
  return (await whenReady(db, () => searchLocal(db, text))) ?? findProducts(text);
}
