import { useState, useSyncExternalStore } from 'react';
import Offcanvas from 'react-bootstrap/Offcanvas';
import { formatNumber, useTranslation, type TFunction } from '../../lib/i18n/i18n';
import { formatDay } from '../../lib/shop-time';
import { FILTER_FIELDS, NO_FILTER, type OrderFilter } from './orders-api';
import { OrdersFilter } from './orders-filter';

/** Below Bootstrap's md breakpoint the filter bar folds into a Filter button. */
const PHONE = '(max-width: 767.98px)';

const subscribe = (changed: () => void) => {
  const query = window.matchMedia(PHONE);
  query.addEventListener('change', changed);
  return () => query.removeEventListener('change', changed);
};
const isPhone = () => window.matchMedia(PHONE).matches;

/** True on a screen narrower than md (768 px), following the window as it is resized. */
function usePhone() {
  return useSyncExternalStore(subscribe, isPhone, () => false);
}

/** One active filter as a chip: its text, and the filter without it. */
interface Chip {
  name: string;
  text: string;
  without: Partial<OrderFilter>;
}

const TYPE_KEYS: Record<string, 'all' | 'online' | 'offline'> = { '2': 'all', '1': 'online', '0': 'offline' };
const STATUS_KEYS: Record<string, 'statusAll' | 'statusDue' | 'statusPaid'> = {
  '0': 'statusAll',
  '1': 'statusDue',
  '2': 'statusPaid',
};

/** The filter's active parts (each one that is not its default), in the bar's order. */
function activeChips(filter: OrderFilter, t: TFunction): Chip[] {
  const chips: Chip[] = [];
  // The filter's label, then its value, as a label reads in both languages ("Payment: Due").
  const named = (name: string, value: string) => `${name}: ${value}`;
  if (filter.value.trim()) {
    const field = filter.field as (typeof FILTER_FIELDS)[number];
    chips.push({
      name: 'value',
      text: named(t(`adminOrders.filter.fields.${field}`), filter.value.trim()),
      without: { field: NO_FILTER.field, value: '' },
    });
  }
  if (filter.from) {
    chips.push({
      name: 'from',
      text: t('adminOrders.filter.chipFrom', { day: formatDay(filter.from) }),
      without: { from: '' },
    });
  }
  if (filter.to) {
    chips.push({
      name: 'to',
      text: t('adminOrders.filter.chipTo', { day: formatDay(filter.to) }),
      without: { to: '' },
    });
  }
  const type = TYPE_KEYS[filter.type];
  if (filter.type !== NO_FILTER.type && type) {
    chips.push({
      name: 'type',
      text: named(t('adminOrders.filter.type'), t(`adminOrders.list.${type}`)),
      without: { type: NO_FILTER.type },
    });
  }
  const status = STATUS_KEYS[filter.status];
  if (filter.status !== NO_FILTER.status && status) {
    chips.push({
      name: 'status',
      text: named(t('adminOrders.filter.status'), t(`adminOrders.filter.${status}`)),
      without: { status: NO_FILTER.status },
    });
  }
  if (filter.slot_date) {
    chips.push({
      name: 'slot_date',
      text: named(t('delivery.orders.slotDay'), formatDay(filter.slot_date)),
      without: { slot_date: '', slot_start: '' },
    });
    if (filter.slot_start) {
      chips.push({
        name: 'slot_start',
        text: named(t('delivery.orders.slot'), filter.slot_start),
        without: { slot_start: '' },
      });
    }
  }
  return chips;
}

const PANEL_ID = 'orders-filter-panel';

/**
 * The orders' filter bar where it fits (md and wider); on a phone a Filter button with the number
 * of active filters, opening the bar in a side panel (focus goes into it and back to the button,
 * Esc closes it), and the active filters as chips under it, each removing its filter.
 */
export function OrdersFilterBar({
  filter,
  formKey,
  onFilter,
}: {
  filter: OrderFilter;
  /** Starts the bar afresh when the URL's filter changes (Back, a link, a chip removed). */
  formKey: string;
  onFilter: (filter: OrderFilter) => void;
}) {
  const { t } = useTranslation();
  const phone = usePhone();
  const [open, setOpen] = useState(false);
  const form = (onDone?: () => void) => (
    <OrdersFilter
      key={formKey}
      initial={filter}
      type={filter.type}
      onFilter={(next) => {
        // The filter first, then the panel closes (closing first left the page unrendered).
        onFilter(next);
        onDone?.();
      }}
    />
  );
  if (!phone) return form();

  const chips = activeChips(filter, t);
  return (
    <div className="orders-filter-phone mb-3">
      <button
        type="button"
        className="btn btn-outline-primary"
        aria-expanded={open}
        aria-controls={open ? PANEL_ID : undefined}
        onClick={() => setOpen(true)}
      >
        {chips.length
          ? t('adminOrders.filter.openCount', { count: formatNumber(chips.length) })
          : t('adminOrders.filter.open')}
      </button>
      {chips.length > 0 && (
        <ul
          className="orders-filter-chips list-unstyled d-flex flex-wrap gap-2 mt-2 mb-0"
          aria-label={t('adminOrders.filter.active')}
        >
          {chips.map((chip) => (
            <li key={chip.name}>
              <button
                type="button"
                className="btn btn-sm btn-light border rounded-pill"
                aria-label={t('adminOrders.filter.remove', { chip: chip.text })}
                onClick={() => onFilter({ ...filter, ...chip.without })}
              >
                {chip.text}
                <span className="ms-1" aria-hidden="true">
                  ×
                </span>
              </button>
            </li>
          ))}
        </ul>
      )}
      <Offcanvas
        id={PANEL_ID}
        show={open}
        onHide={() => setOpen(false)}
        placement="end"
        aria-labelledby="orders-filter-title"
      >
        <Offcanvas.Header closeButton closeLabel={t('common.close')} className="border-bottom">
          <Offcanvas.Title as="h2" id="orders-filter-title" className="h5 mb-0">
            {t('adminOrders.filter.title')}
          </Offcanvas.Title>
        </Offcanvas.Header>
        <Offcanvas.Body>{form(() => setOpen(false))}</Offcanvas.Body>
      </Offcanvas>
    </div>
  );
}
