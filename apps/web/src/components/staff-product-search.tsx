import type { FoundProduct } from '@bazar/contracts/catalog';
import { keepPreviousData, useQuery } from '@tanstack/react-query';
import { useEffect, useState, type KeyboardEvent } from 'react';
import { call } from '../lib/api';
import { useLocalName } from '../lib/names';
import './staff-product-search.css';

const SEARCH_DELAY_MS = 250;

/** Products staff may pick (title, attribute, prices, barcode), as GET /api/product/find/{text} finds them. */
const findProducts = (text: string) =>
  call('GET /api/product/find/:text', { params: { text } }).then((answer) => answer.data);

type Props = {
  id: string;
  /** Searches start at this many characters (the till: 5, the barcode page: 3). */
  min: number;
  labels: { search: string; placeholder: string; help: string; suggestions: string; noMatch: string };
  /** How a suggestion shows its price. */
  price: (product: FoundProduct) => string;
  onPick: (product: FoundProduct) => void;
  /** Enter in the box with this text (a scanner ends a barcode with Enter); true clears the box. */
  onEnter?: (text: string) => Promise<boolean>;
  inputClassName?: string;
};

/**
 * The staff's product box (Advance Stock, the barcode page, purchases): debounced search, a suggestion list to pick from, "no match". */
export function StaffProductSearch({ id, min, labels, price, onPick, onEnter, inputClassName = '' }: Props) {
  const name = useLocalName();
  const [text, setText] = useState('');
  const [wanted, setWanted] = useState('');

  useEffect(() => {
    const next = text.trim().length >= min ? text.trim() : '';
    const timer = setTimeout(() => setWanted(next), SEARCH_DELAY_MS);
    return () => clearTimeout(timer);
  }, [text, min]);

  const found = useQuery({
    queryKey: ['admin', 'find', wanted],
    queryFn: () => findProducts(wanted),
    enabled: wanted.length >= min,
    placeholderData: keepPreviousData,
  });
  const suggestions = wanted && text.trim().length >= min ? (found.data ?? []) : [];

  const clear = () => {
    setText('');
    setWanted('');
  };

  const onKeyDown = (event: KeyboardEvent<HTMLInputElement>) => {
    if (event.key === 'Escape') setText('');
    if (event.key !== 'Enter' || !onEnter) return;
    event.preventDefault();
    const typed = text.trim();
    if (typed) void onEnter(typed).then((done) => done && clear());
  };

  return (
    <div className="mb-3 position-relative" role="search">
      <label htmlFor={id} className="form-label">
        {labels.search}
      </label>
      <input
        id={id}
        type="search"
        className={`form-control ${inputClassName}`}
        placeholder={labels.placeholder}
        value={text}
        onChange={(event) => setText(event.target.value)}
        onKeyDown={onKeyDown}
        aria-describedby={`${id}-help`}
        autoComplete="off"
      />
      <div id={`${id}-help`} className="form-text">
        {labels.help}
      </div>
      {suggestions.length > 0 ? (
        <ul className="list-group shadow-sm staff-product-suggestions" aria-label={labels.suggestions}>
          {suggestions.map((product) => {
            const attri = name(product.attri, product.attri_bn);
            return (
              <li key={product.id} className="list-group-item p-0">
                <button
                  type="button"
                  className="btn btn-link text-body text-decoration-none text-start w-100 d-flex gap-2 px-3 py-2"
                  onClick={() => {
                    onPick(product);
                    clear();
                  }}
                >
                  <span className="me-auto">
                    {name(product.title, product.title_bn)}
                    {attri && <span className="text-secondary"> ({attri})</span>}
                  </span>
                  <span className="text-nowrap">{price(product)}</span>
                </button>
              </li>
            );
          })}
        </ul>
      ) : (
        wanted &&
        found.isSuccess &&
        !found.isPlaceholderData && (
          <p className="small text-secondary mt-2 mb-0" role="status">
            {labels.noMatch}
          </p>
        )
      )}
    </div>
  );
}
