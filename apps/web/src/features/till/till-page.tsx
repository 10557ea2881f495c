import { useQueryClient } from '@tanstack/react-query';
import { useCallback, useEffect, useRef, useState } from 'react';
import { useLocation, useNavigate } from 'react-router';
import { isApiError } from '../../lib/api';
import { serverMessage } from '../../lib/form-errors';
import { useTranslation } from '../../lib/i18n/i18n';
import { useLocalName } from '../../lib/names';
import { useShopTime } from '../../lib/shop-time';
import { isClientId, newClientId } from '../../lib/client-id';
import { useOutboxSync } from './offline/outbox-sync';
import { placeSale, type Placed } from './offline/place-sale';
import { loadFixing, saleFromQueued, storeFixing, type FixingSale } from './offline/sale-fix';
import type { QueuedSale } from './offline/till-db';
import { SHIFT_KEY, tillOrderPayload, useTillSettings } from './till-api';
import { TillCart } from './till-cart';
import { TillCustomer } from './till-customer';
import { TillKeysLegend } from './till-keys-legend';
import { FixingNote, LastSaleNote, type LastSale } from './till-notes';
import { useTillKeys } from './till-keys';
import { TillPayments } from './till-payments';
import { TillProductBox } from './till-product-box';
import { useScanner } from './till-scanner';
import {
  addToCart,
  advanceLeft,
  editLine,
  EMPTY_ENTRY,
  forgetSale,
  isEmptySale,
  loadSale,
  newSale,
  paymentProblem,
  readEntry,
  roundQty,
  saleFigures,
  settle,
  storeSale,
  type CustomerFields,
  type CustomerMode,
  type EntryErrors,
  type PaymentProblem,
  type ProductToAdd,
  type TillSale,
} from './till-sale';
import { TillShift } from './till-shift';
import { AdminConfirmModal } from '../../components/admin-confirm-modal';
import { useDueCheck } from './till-due';
import { holdSale, takeHeld, useHeldSales } from './till-held';
import { TillHeld } from './till-held-list';
import { TillCashier, useApproval, useTillPerson, type GivenApproval } from './till-staff';
import {
  APPROVAL_KINDS,
  discountNeedsApproval,
  discountPercent,
  type ApprovalKind,
} from '@bazar/contracts/approvals';
import { batchStockOf, expiredInCart, findExpired, notApproved, type ExpiredLine } from './till-expiry';
import { TillExpiredDialog, useExpiredWhat } from './till-expiry-dialog';
import { usePermissions } from '../auth/permissions';
import { creditLimitOf } from './till-credit';
import { TillPriceCheck } from './till-price-check';
import { TillReturn } from './till-return';
import type { ReceiptRef } from '@bazar/contracts/receipt-code';
import { TillQuickKeys } from './till-quick-keys';
import { TillRefusedSales, TillSyncBadge } from './till-sync-status';
import { CustomerDisplayButton, useCustomerDisplayPublisher } from './customer-display-publisher';

/** A manager's consent as a sale carries it: their PIN for the server, and who they are (offline). */
const consentOf = (given: GivenApproval) => ({
  ...(given.approval && { approval: given.approval }),
  approved_by: given.approver.id,
});

const isApprovalKind = (kind: unknown): kind is ApprovalKind =>
  (APPROVAL_KINDS as readonly unknown[]).includes(kind);

/** /admin/pos: the back office's Point of sale, a sale at the counter, keyboard first. */
export function TillPage() {
  const { t } = useTranslation();
  const local = useLocalName();
  const navigate = useNavigate();
  const lastSale = (useLocation().state as { lastSale?: LastSale } | null)?.lastSale;
  const queryClient = useQueryClient();
  const settings = useTillSettings();
  const [sale, setSale] = useState<TillSale>(loadSale);
  // The sale as it is now, for handlers that run before the screen shows the last change (a scan
  // answered, then F9 at once). Every change goes through `commit`.
  const current = useRef(sale);
  // A new sale shows a new customer block (its form starts empty).
  const [saleNo, setSaleNo] = useState(0);
  const [added, setAdded] = useState('');
  const [error, setError] = useState('');
  const [entryErrors, setEntryErrors] = useState<EntryErrors>({});
  const [saving, setSaving] = useState(false);
  const [fixing, setFixing] = useState<FixingSale | null>(loadFixing);
  const productRef = useRef<HTMLInputElement>(null);
  const payRef = useRef<HTMLInputElement>(null);
  const person = useTillPerson();
  const { can } = usePermissions();
  const approval = useApproval();
  const due = useDueCheck();
  const shopTime = useShopTime();
  const expiredWhat = useExpiredWhat();
  // Expired stock in the cart (issue 28): the warnings not yet answered (the first shows), and
  // what was approved of each product, with the manager's consent the sale carries.
  const [expiredAsk, setExpiredAsk] = useState<ExpiredLine[]>([]);
  const [askingManager, setAskingManager] = useState(false);
  const expiredOk = useRef<{ given: GivenApproval | null; qty: Map<number, number> }>({
    given: null,
    qty: new Map(),
  });

  useEffect(() => productRef.current?.focus(), []);
  useOutboxSync();
  // The customer panel, then the payment panel, are each drawn in a task after the product box and
  // the cart: the whole till in one task takes a cheap phone a few hundred ms, answering no key.
  const [panels, setPanels] = useState(0);
  useEffect(() => {
    if (panels >= 2) return;
    const next = window.setTimeout(() => setPanels(panels + 1), 0);
    return () => window.clearTimeout(next);
  }, [panels]);

  const fix = (next: FixingSale | null) => {
    storeFixing(next);
    setFixing(next);
  };

  const focusProduct = () => productRef.current?.focus();
  // Kept in the browser at once, not after the next paint: a reload right after a key keeps it.
  const commit = (next: TillSale) => {
    current.current = next;
    setSale(next);
    if (isEmptySale(next)) {
      forgetSale();
      // An emptied cart is no longer the refused sale being fixed (it stays in the refused list).
      if (next.lines.length === 0) fix(null);
    } else storeSale(next);
  };
  // Any change makes it another sale: a Save after it must not answer with an earlier attempt.
  const change = (edit: (sale: TillSale) => TillSale) =>
    commit({ ...edit(current.current), attemptKey: null });

  const { total, shipOn, shipping, settlement, advance } = saleFigures(sale, settings);
  const display = useCustomerDisplayPublisher(sale, settings);

  /**
   * Warns at once when the cart's quantity of these products would take expired stock (the till's
   * copy of the catalogue tells their batches), unless that much was approved already.
   */
  const checkExpired = (ids: number[]) => {
    void batchStockOf(ids).then((stock) => {
      const found = expiredInCart(current.current.lines, stock, shopTime.day(), ids);
      const fresh = notApproved(found, expiredOk.current.qty);
      if (fresh.length === 0) return;
      setExpiredAsk((asked) => [...asked.filter((a) => !fresh.some((f) => f.id === a.id)), ...fresh]);
    });
  };
  const answerExpired = (id: number) => setExpiredAsk((asked) => asked.filter((a) => a.id !== id));
  const removeProduct = (id: number) => {
    change((s) => ({ ...s, lines: s.lines.filter((l) => l.id !== id) }));
    answerExpired(id);
    requestAnimationFrame(focusProduct);
  };
  /** A manager approves selling the expired stock (a cashier who may approve, on their own word). */
  const approveExpired = async (line: ExpiredLine) => {
    if (!can('till.approve')) {
      setAskingManager(true);
      const given = await approval.ask('expired', expiredWhat(line));
      setAskingManager(false);
      // Closed: the warning shows again.
      if (!given) return;
      expiredOk.current.given = given;
    }
    expiredOk.current.qty.set(line.id, line.qty);
    answerExpired(line.id);
    requestAnimationFrame(focusProduct);
  };
  // A new sale (saved, voided, held, recalled) starts with no expired stock approved.
  useEffect(() => {
    expiredOk.current = { given: null, qty: new Map() };
    setExpiredAsk([]);
  }, [saleNo]);

  const add = (product: ProductToAdd, qty = 1, weighed = false, label?: { code: string; poisha: number }) => {
    change((s) => ({ ...s, lines: addToCart(s.lines, product, { qty, weighed, label }).lines }));
    scanner.clearNotice();
    setError('');
    setAdded(t('adminTill.products.added', { title: local(product.title, product.title_bn), qty }));
    checkExpired([product.id]);
  };

  // "3*" before a scan adds three of it (three packs of a weighed label). Each pack of a price label
  // is a line of its own at the price the scale printed.
  const scanner = useScanner(({ product, quantity, label_poisha }, weighed, times, code) => {
    if (label_poisha === null) return add(product, roundQty(quantity * times), weighed);
    for (let i = 0; i < times; i += 1) add(product, quantity, true, { code, poisha: label_poisha });
  });

  const onCustomer = useCallback(
    (customer: CustomerFields, customerMode: CustomerMode) =>
      change((s) => ({ ...s, customer, customerMode })),
    // `change` reads the sale through a ref: it never goes stale.
    // eslint-disable-next-line react-hooks/exhaustive-deps
    [],
  );

  const problemText = (problem: PaymentProblem) =>
    problem.kind === 'amountLarge'
      ? t('adminTill.summary.amountLarge')
      : t('adminTill.summary.advanceShort', { amount: problem.balance });

  const addEntry = () => {
    const now = current.current;
    const { payment, errors } = readEntry(now.entry);
    setEntryErrors(errors);
    if (!payment) return;
    const next = [...now.payments, payment];
    const problem = paymentProblem(saleFigures(now, settings).owed, next, now.customerMode);
    if (problem) return setError(problemText(problem));
    setError('');
    change((s) => ({ ...s, payments: next, entry: EMPTY_ENTRY }));
    payRef.current?.focus();
  };

  const payFromAdvance = () => {
    const now = current.current;
    const owedNow = saleFigures(now, settings).owed;
    const left = advanceLeft(now.customerMode, now.payments);
    const amount = Math.min(left, owedNow - settle(owedNow, now.payments).paid);
    if (amount > 0) change((s) => ({ ...s, payments: [...s.payments, { method: 'balance', amount }] }));
    payRef.current?.focus();
  };

  const savingNow = useRef(false);
  // While a dialog asks the cashier something, Save does not say "Saving…": nothing is sent yet.
  const whileAsking = async <T,>(ask: () => Promise<T>): Promise<T> => {
    setSaving(false);
    try {
      return await ask();
    } finally {
      setSaving(true);
    }
  };
  const save = async () => {
    if (savingNow.current) return;
    savingNow.current = true;
    setSaving(true);
    setError('');
    const stop = (message: string) => {
      setError(message);
      setSaving(false);
      savingNow.current = false;
    };
    // A product scanned just before F9 is part of the sale.
    await scanner.settled();
    const now = current.current;
    const figures = saleFigures(now, settings);
    const { errors } = readEntry(now.entry);
    setEntryErrors(errors);
    if (now.lines.length === 0) return stop(t('adminTill.summary.emptyCart'));
    if (Object.keys(errors).length > 0) {
      stop('');
      payRef.current?.focus();
      return;
    }
    const problem = paymentProblem(figures.owed, figures.payments, now.customerMode);
    if (problem) return stop(problemText(problem));
    // Expired stock: never sold (Setting), or a manager approves it with the rest below.
    const expiredNow = await findExpired(now.lines, shopTime.day());
    if (expiredNow.length > 0 && settings.expiredSale === 'never') {
      setExpiredAsk(expiredNow);
      return stop(t('adminTill.expiry.removeFirst'));
    }
    const expiredToApprove = can('till.approve') ? [] : notApproved(expiredNow, expiredOk.current.qty);
    // Money left owing: the cashier is told who owes it, once; a walk-in pays in full, or a manager
    // approves the credit.
    const leftOwing = figures.owed - figures.settlement.paid;
    const phone = now.customer.phone.trim();
    let walkInCredit = false;
    if (leftOwing > 0) {
      const who = phone ? { name: now.customer.name.trim(), phone } : null;
      const choice = await whileAsking(() =>
        due.ask({ due: leftOwing, who, mayApprove: can('till.approve') }),
      );
      if (choice !== 'save' && choice !== 'approve') {
        stop('');
        if (choice === 'pay') payRef.current?.focus();
        else if (choice === 'customer') document.getElementById('till-phone')?.focus();
        else focusProduct();
        return;
      }
      walkInCredit = !who;
    }
    // A discount above this cashier's limit, a changed price, a walk-in's credit: a manager approves
    // them here, before the sale is kept.
    const bill = figures.total + figures.shipping;
    const limit = person?.discount_limit ?? null;
    let consent = {};
    const overLimit = discountNeedsApproval(now.discount, bill, limit);
    const priced = now.lines.some((l) => l.priceChanged);
    // A named customer past their credit limit (their own, else the shop's): a manager approves.
    const mode = now.customerMode;
    const creditLimit = mode.kind === 'found' ? creditLimitOf(mode.creditLimit, settings.creditLimit) : null;
    const owesAfter = mode.kind === 'found' ? (mode.due ?? 0) + leftOwing : 0;
    const overCredit = leftOwing > 0 && creditLimit !== null && owesAfter > creditLimit;
    const expired = expiredToApprove.length > 0;
    if (!can('till.approve') && (overLimit || priced || walkInCredit || overCredit || expired)) {
      // One approval covers the sale: its discount, its changed prices, its credit, expired stock.
      const what = [
        overLimit &&
          t('adminTill.staff.kinds.discount', {
            percent: discountPercent(now.discount, bill),
            limit: limit ?? 0,
          }),
        priced && t('adminTill.staff.kinds.price'),
        walkInCredit && t('adminTill.staff.kinds.credit', { amount: leftOwing }),
        overCredit &&
          t('adminKhata.till.overLimit', {
            name: now.customer.name.trim() || phone,
            amount: owesAfter,
            limit: creditLimit ?? 0,
          }),
        ...expiredToApprove.map(expiredWhat),
      ]
        .filter(Boolean)
        .join(', ');
      const given = await whileAsking(() =>
        approval.ask(overLimit ? 'discount' : priced ? 'price' : expired ? 'expired' : 'credit', what),
      );
      if (!given) return stop('');
      consent = consentOf(given);
      expiredOk.current.given = given;
      for (const line of expiredToApprove) expiredOk.current.qty.set(line.id, line.qty);
    } else if (expiredNow.length > 0 && expiredOk.current.given) {
      // The manager who approved the expired stock as it went into the cart.
      consent = consentOf(expiredOk.current.given);
    }
    // The sale's id: kept with the cart, so a Save pressed again (or after a reload) is this sale.
    const key = fixing?.client_id ?? (isClientId(now.attemptKey) ? now.attemptKey : newClientId());
    commit({ ...now, attemptKey: key });
    // A refusal with a reason (the server's code) is an answer like any other: a 403 asking for a
    // manager is asked here, and the sale sent again with their PIN.
    const place = async (consent: object): Promise<Placed> => {
      try {
        return await placeSale({
          client_id: key,
          change: figures.settlement.change,
          fixing: fixing?.client_id === key,
          body: {
            ...tillOrderPayload({
              customer: now.customer,
              lines: now.lines,
              subtotal: figures.total,
              ship: figures.shipping,
              discount: now.discount,
              payments: figures.payments,
              settlement: figures.settlement,
              method: now.entry.method,
            }),
            // Who sells, and the manager who approved: sent only if the sale ends up made offline.
            ...(person?.staff_id !== undefined && { staff_id: person.staff_id }),
            ...consent,
          },
        });
      } catch (failure) {
        // A browser that cannot keep the sale sent it straight away: its refusal comes as an error.
        if (!isApiError(failure) || !failure.code) throw failure;
        const kind = (failure.body as { kind?: unknown } | undefined)?.kind;
        return {
          kind: 'refused',
          message: serverMessage(failure, t('common.somethingWrong')),
          code: failure.code,
          ...(typeof kind === 'string' && { approval: kind }),
        };
      }
    };
    let placed: Placed;
    try {
      placed = await place(consent);
      // The server found what needs a manager the till did not see (its copy of the catalogue
      // older than the server's batches, a rule of the server's): a manager approves it here.
      if (placed.kind === 'refused' && placed.code === 'approval_required' && !can('till.approve')) {
        setError(placed.message);
        const kind = isApprovalKind(placed.approval) ? placed.approval : 'expired';
        const given = await whileAsking(() =>
          approval.ask(
            kind,
            kind === 'expired' ? t('adminTill.staff.kinds.expiredAny') : t('adminTill.staff.kinds.sale'),
          ),
        );
        if (!given?.approval) return stop(placed.message);
        setError('');
        placed = await place(consentOf(given));
      }
    } catch (failure) {
      return stop(serverMessage(failure, t('common.somethingWrong')));
    }
    if (placed.kind === 'refused') return stop(placed.message || t('common.somethingWrong'));
    display.saved(figures.settlement);
    commit(newSale());
    fix(null);
    setSaleNo((n) => n + 1);
    void queryClient.invalidateQueries({ queryKey: SHIFT_KEY });
    if (placed.kind === 'synced') {
      const change = placed.order.change ?? figures.settlement.change;
      void navigate(`/admin/receipt/${placed.order.id}?print=1&then=pos`, { state: { change } });
    } else {
      const { client_id, change } = placed.sale;
      void navigate(`/admin/receipt/local/${client_id}?print=1&then=pos`, { state: { change } });
    }
    savingNow.current = false;
  };

  // Sales on hold: the one being built goes on hold and the till starts a new one; a held one comes
  // back (the one being built, if any, goes on hold in its place).
  const held = useHeldSales();
  const startOver = (next: TillSale) => {
    commit(next);
    fix(null);
    setError('');
    setEntryErrors({});
    setSaleNo((n) => n + 1);
    focusProduct();
  };
  const hold = () => {
    if (isEmptySale(current.current)) return;
    holdSale(current.current, new Date());
    startOver(newSale());
    setAdded(t('adminTill.held.kept'));
  };
  const recall = (id: string) => {
    const now = current.current;
    const sale = takeHeld(id);
    if (!sale) return;
    if (!isEmptySale(now)) holdSale(now, new Date());
    startOver(sale);
    setAdded(t('adminTill.held.back'));
  };

  /**
   * Voids the sale being built, once the cashier confirms: the cart, its payments and its customer
   * go, and the next sale starts clean (a customer looked up and not sold to is not carried over).
   */
  const [voiding, setVoiding] = useState(false);
  const voidSale = () => {
    setVoiding(false);
    startOver(newSale());
  };

  /** Puts a refused sale back in the cart to change it and save it again. */
  const fixRefused = async (refused: QueuedSale) => {
    if (current.current.lines.length > 0) return setError(t('adminTill.offline.fixBusy'));
    setError('');
    const restored = await saleFromQueued(refused);
    commit({ ...restored, attemptKey: null });
    fix({ client_id: refused.client_id, provisional: refused.provisional });
    setSaleNo((n) => n + 1);
    focusProduct();
  };

  const [checkingPrice, setCheckingPrice] = useState(false);
  // "Return a sale": open with the receipt scanned into the product box, or empty (F7, its button).
  const [returning, setReturning] = useState<{ scanned: ReceiptRef | null } | null>(null);
  useTillKeys({
    product: focusProduct,
    payment: () => payRef.current?.focus(),
    priceCheck: () => setCheckingPrice(true),
    returnSale: () => setReturning({ scanned: null }),
    save: () => void save(),
  });

  const amount = (n: number) => t('adminTill.summary.amount', { amount: n });

  return (
    <div className="till-page">
      <div className="d-flex flex-wrap align-items-center gap-2 mb-2">
        <h1 className="h4 mb-0">{t('adminTill.title')}</h1>
        <div className="me-auto">
          <TillSyncBadge />
        </div>
        <CustomerDisplayButton />
        <TillCashier />
        <TillShift />
      </div>
      {approval.dialog}
      {due.dialog}
      {expiredAsk[0] && !askingManager && (
        <TillExpiredDialog
          key={expiredAsk[0].id}
          line={expiredAsk[0]}
          rule={settings.expiredSale}
          mayApprove={can('till.approve')}
          onRemove={() => removeProduct(expiredAsk[0]!.id)}
          onApprove={() => void approveExpired(expiredAsk[0]!)}
          onClose={() => {
            answerExpired(expiredAsk[0]!.id);
            requestAnimationFrame(focusProduct);
          }}
        />
      )}
      <AdminConfirmModal
        show={voiding}
        title={t('adminTill.summary.voidTitle')}
        confirmLabel={t('adminTill.summary.void')}
        cancelLabel={t('adminTill.due.back')}
        onConfirm={voidSale}
        onClose={() => setVoiding(false)}
        // Voided or not, the next thing the cashier does is scan: the product box, once it is gone.
        onExited={focusProduct}
      >
        {t('adminTill.summary.voidText')}
      </AdminConfirmModal>
      <TillKeysLegend />
      <TillRefusedSales onFix={(refused) => void fixRefused(refused)} />
      {fixing && (
        <FixingNote
          provisional={fixing.provisional}
          onStop={() => {
            commit(newSale());
            fix(null);
            setSaleNo((n) => n + 1);
          }}
        />
      )}
      {lastSale && sale.lines.length === 0 && <LastSaleNote sale={lastSale} />}
      <div className="row g-3">
        <div className="col-12 col-xl-8 d-flex flex-column gap-3">
          <section className="card shadow-sm" aria-labelledby="till-cart-title">
            <div className="card-body">
              <TillProductBox
                inputRef={productRef}
                price={(product) => amount(product.offprice ?? product.price)}
                onPick={(product) => add(product)}
                onScan={scanner.scan}
                onReceipt={(scanned) => setReturning({ scanned })}
                onClear={scanner.clearNotice}
              />
              <TillQuickKeys
                onAdd={(product, qty) => {
                  add(product, qty, product.unit !== 'pcs');
                  focusProduct();
                }}
              />
              <div className="d-flex flex-wrap gap-2 align-items-start">
                <TillHeld held={held} canHold={!isEmptySale(sale)} onHold={hold} onRecall={recall} />
                <button
                  type="button"
                  className="btn btn-sm btn-outline-secondary mb-3"
                  onClick={() => setCheckingPrice(true)}
                >
                  {t('adminTill.priceCheck.open')} <kbd>F6</kbd>
                </button>
                <button
                  type="button"
                  className="btn btn-sm btn-outline-secondary mb-3"
                  onClick={() => setReturning({ scanned: null })}
                >
                  {t('adminTill.returnSale.open')} <kbd>F7</kbd>
                </button>
              </div>
              {returning && (
                <TillReturn
                  scanned={returning.scanned}
                  onClose={() => {
                    setReturning(null);
                    // Once the dialog is gone: the next scan goes to the product box.
                    requestAnimationFrame(focusProduct);
                  }}
                />
              )}
              {checkingPrice && (
                <TillPriceCheck
                  onClose={() => {
                    setCheckingPrice(false);
                    // Once the dialog is gone: the next scan goes to the product box.
                    requestAnimationFrame(focusProduct);
                  }}
                />
              )}
              {scanner.notice && (
                <p className="alert alert-warning py-2 small till-notice" role="alert">
                  {scanner.notice}
                </p>
              )}
              <p className="visually-hidden" role="status" aria-live="polite">
                {added}
              </p>
              <h2 id="till-cart-title" className="h6">
                {t('adminTill.cart.heading')}
              </h2>
              <TillCart
                lines={sale.lines}
                onQty={(key, qty) => {
                  change((s) => ({
                    ...s,
                    lines: s.lines.map((l) => (l.key === key ? editLine(l, { qty }) : l)),
                  }));
                  const line = current.current.lines.find((l) => l.key === key);
                  if (line) checkExpired([line.id]);
                }}
                onPrice={(key, price) =>
                  change((s) => ({
                    ...s,
                    lines: s.lines.map((l) =>
                      l.key === key ? editLine(l, { price, priceChanged: true }) : l,
                    ),
                  }))
                }
                onRemove={(key) => {
                  const id = current.current.lines.find((l) => l.key === key)?.id;
                  change((s) => ({ ...s, lines: s.lines.filter((l) => l.key !== key) }));
                  // The last line of a product gone: its warning is answered.
                  if (id !== undefined && !current.current.lines.some((l) => l.id === id)) answerExpired(id);
                }}
                onDone={focusProduct}
              />
            </div>
          </section>

          {panels >= 1 && (
            <TillCustomer
              key={saleNo}
              initial={{ fields: sale.customer, mode: sale.customerMode }}
              onChange={onCustomer}
            />
          )}
        </div>

        <div className="col-12 col-xl-4">
          {panels >= 2 && (
            <TillPayments
              total={total}
              ship={shipping}
              shipOn={shipOn}
              onShip={(on) => {
                change((s) => ({ ...s, shipOn: on }));
                if (on) settings.reload();
              }}
              discount={sale.discount}
              onDiscount={(discount) => {
                setError('');
                change((s) => ({ ...s, discount }));
              }}
              entry={sale.entry}
              entryErrors={entryErrors}
              onEntry={(entry) => {
                setEntryErrors({});
                setError('');
                change((s) => ({ ...s, entry }));
              }}
              onAddEntry={addEntry}
              payments={sale.payments}
              onRemovePayment={(index) =>
                change((s) => ({ ...s, payments: s.payments.filter((_, i) => i !== index) }))
              }
              advance={advance}
              onUseAdvance={payFromAdvance}
              settlement={settlement}
              error={error}
              saving={saving}
              onSave={() => void save()}
              onVoid={isEmptySale(sale) ? null : () => setVoiding(true)}
              payRef={payRef}
            />
          )}
        </div>
      </div>
    </div>
  );
}
