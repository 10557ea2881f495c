import { useEffect, useState } from 'react';
import Dropdown from 'react-bootstrap/Dropdown';
import { Link } from 'react-router';
import { DotsIcon } from './admin-icons';
import './admin-row-menu.css';

export type RowMenuItem =
  { label: string; to: string } | { label: string; onClick: () => void; danger?: boolean };

type Props = {
  /** The toggle's accessible name, e.g. "Actions for order 41". */
  label: string;
  items: RowMenuItem[];
  /** Controlled by the page when only one row's menu may be open at a time. */
  open?: boolean;
  onToggle?: (open: boolean) => void;
};

/** A list row's "⋮" menu of links and actions (orders, customers, products). */
export function AdminRowMenu({ label, items, open, onToggle }: Props) {
  const [own, setOwn] = useState(false);
  const shown = open ?? own;
  // Popper's first placement of a menu just shown is off (it pinned to the window's top right);
  // once the menu is on screen, a resize makes Popper place it again, beside its toggle. The
  // effect runs after the menu's own (children first), so the menu and its Popper are there.
  useEffect(() => {
    if (!shown) return;
    const timer = setTimeout(() => window.dispatchEvent(new Event('resize')), 0);
    return () => clearTimeout(timer);
  }, [shown]);
  const toggled = (next: boolean) => {
    setOwn(next);
    onToggle?.(next);
  };
  return (
    <Dropdown align="end" show={open} onToggle={toggled}>
      <Dropdown.Toggle variant="outline-secondary" size="sm" className="row-menu-toggle" aria-label={label}>
        <DotsIcon />
      </Dropdown.Toggle>
      <Dropdown.Menu popperConfig={{ strategy: 'fixed' }}>
        {items.map((item) =>
          'to' in item ? (
            <Dropdown.Item key={item.label} as={Link} to={item.to}>
              {item.label}
            </Dropdown.Item>
          ) : (
            <Dropdown.Item
              key={item.label}
              as="button"
              type="button"
              className={item.danger ? 'text-danger' : undefined}
              onClick={item.onClick}
            >
              {item.label}
            </Dropdown.Item>
          ),
        )}
      </Dropdown.Menu>
    </Dropdown>
  );
}
