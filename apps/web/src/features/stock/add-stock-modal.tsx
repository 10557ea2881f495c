import type { FoundProduct } from '@bazar/contracts/catalog';
import { useState, type FormEvent } from 'react';
import Modal from 'react-bootstrap/Modal';
import { TrashIcon } from '../../components/admin-icons';
import { isApiError } from '../../lib/api';
import { serverMessage } from '../../lib/form-errors';
import { useTranslation } from '../../lib/i18n/i18n';
import { toast } from '../../lib/toast';
import { StaffProductSearch } from '../products/staff-product-search';
import { NumberField } from './number-field';
import { addStock, type StockEntry } from './stock-api';

/** The stock page searches products only with more than 2 characters (spec §5). */
const SEARCH_MIN = 3;
const ERROR_ID = 'add-stock-error';

type Item = Pick<FoundProduct, 'id' | 'title' | 'attri'>;

interface AddStockModalProps {
  show: boolean;
  onClose: () => void;
  /** After the server saved the entry; the page reloads its list (spec §4). */
  onSaved: (entry: StockEntry) => void;
}

/** "Add Stock": a buy price, the products bought and the quantity of each (POST /api/stock/add). */
export function AddStockModal({ show, onClose, onSaved }: AddStockModalProps) {
  const { t } = useTranslation();
  return (
    <Modal show={show} onHide={onClose} centered aria-labelledby="add-stock-title">
      <Modal.Header closeButton closeLabel={t('adminStock.addStock.close')}>
        <Modal.Title as="h2" id="add-stock-title" className="h5">
          {t('adminStock.addStock.title')}
        </Modal.Title>
      </Modal.Header>
      {/* A fresh form every time the modal opens. */}
      {show && <AddStockForm onClose={onClose} onSaved={onSaved} />}
    </Modal>
  );
}

function AddStockForm({ onClose, onSaved }: Omit<AddStockModalProps, 'show'>) {
  const { t } = useTranslation();
  const [price, setPrice] = useState('');
  const [qty, setQty] = useState('');
  const [items, setItems] = useState<Item[]>([]);
  const [messages, setMessages] = useState<string[]>([]);
  const [invalid, setInvalid] = useState<ReadonlySet<string>>(new Set());
  const [pending, setPending] = useState(false);

  const fail = (texts: string[], fields: Iterable<string> = []) => {
    setMessages([...new Set(texts)]);
    setInvalid(new Set(fields));
  };

  const pick = (product: FoundProduct) =>
    setItems((current) =>
      current.some((item) => item.id === product.id)
        ? current
        : [...current, { id: product.id, title: product.title, attri: product.attri }],
    );
  const remove = (id: number) => setItems((current) => current.filter((item) => item.id !== id));

  const submit = async (event: FormEvent) => {
    event.preventDefault();
    // An empty field would reach the server as 0 taka: a buy price is always asked for.
    if (price.trim() === '') return fail([t('adminStock.addStock.priceRequired')], ['price']);
    fail([]);
    setPending(true);
    try {
      const entry = await addStock({
        price: Number(price),
        qty: qty.trim() === '' ? 0 : Number(qty),
        items: items.map(({ id, title }) => ({ id, title })),
      });
      toast.success(t('adminStock.addStock.saved'));
      onSaved(entry);
      onClose();
    } catch (error) {
      if (isApiError(error, 422) && error.errors) {
        const fields = Object.keys(error.errors);
        const texts = Object.values(error.errors).flat();
        fail(texts.length ? texts : [error.message], fields);
      } else if (isApiError(error, 409)) {
        fail([t('adminStock.addStock.gone')], ['items']);
      } else {
        fail([serverMessage(error, t('common.somethingWrong'))]);
      }
    } finally {
      setPending(false);
    }
  };

  return (
    <form onSubmit={(event) => void submit(event)} noValidate>
      <Modal.Body>
        <div aria-live="polite">
          {messages.length > 0 && (
            <div id={ERROR_ID} className="alert alert-danger py-2" role="alert">
              {messages.map((text) => (
                <div key={text}>{text}</div>
              ))}
            </div>
          )}
        </div>
        <NumberField
          id="add-stock-price"
          label={t('adminStock.addStock.buyPrice')}
          help={t('adminStock.addStock.buyPriceHelp')}
          inputMode="numeric"
          step={1}
          min={0}
          value={price}
          onChange={setPrice}
          invalid={invalid.has('price')}
          errorId={ERROR_ID}
        />
        <StaffProductSearch
          id="add-stock-search"
          min={SEARCH_MIN}
          labels={{
            search: t('adminStock.addStock.search'),
            placeholder: t('adminStock.addStock.searchPlaceholder'),
            help: t('adminStock.addStock.searchHelp'),
            suggestions: t('adminStock.addStock.suggestions'),
            noMatch: t('adminStock.addStock.noMatch'),
          }}
          price={(product) => t('common.price', { amount: product.offprice ?? product.price })}
          onPick={pick}
        />
        <h3 className="h6" id="add-stock-items">
          {t('adminStock.addStock.items')}
        </h3>
        {items.length === 0 ? (
          <p className={`small mb-3 ${invalid.has('items') ? 'text-danger' : 'text-secondary'}`}>
            {t('adminStock.addStock.noItems')}
          </p>
        ) : (
          <ul
            className={`list-group mb-3${invalid.has('items') ? ' border border-danger rounded' : ''}`}
            aria-labelledby="add-stock-items"
          >
            {items.map((item) => (
              <li key={item.id} className="list-group-item d-flex align-items-center gap-2 py-1 pe-1">
                <span className="me-auto">
                  {item.title}
                  {item.attri && <span className="text-secondary"> ({item.attri})</span>}
                </span>
                <button
                  type="button"
                  className="btn btn-sm btn-outline-danger"
                  aria-label={t('adminStock.addStock.remove', { title: item.title })}
                  title={t('adminStock.addStock.remove', { title: item.title })}
                  onClick={() => remove(item.id)}
                >
                  <TrashIcon />
                </button>
              </li>
            ))}
          </ul>
        )}
        <NumberField
          id="add-stock-qty"
          label={t('adminStock.addStock.qty')}
          help={t('adminStock.addStock.qtyHelp')}
          inputMode="decimal"
          step={0.01}
          min={0.01}
          value={qty}
          onChange={setQty}
          invalid={invalid.has('qty')}
          errorId={ERROR_ID}
          className="mb-0"
        />
      </Modal.Body>
      <Modal.Footer>
        <button type="button" className="btn btn-secondary" onClick={onClose}>
          {t('adminStock.addStock.close')}
        </button>
        <button type="submit" className="btn btn-primary" disabled={pending}>
          {t('adminStock.addStock.save')}
        </button>
      </Modal.Footer>
    </form>
  );
}
