import { useMemo, useState } from 'react';
import Offcanvas from 'react-bootstrap/Offcanvas';
import { useTranslation } from '../../lib/i18n/i18n';
import { Outlet } from 'react-router';
import { CartPanel } from '../../features/cart/cart-panel';
import { CategoryMenu } from '../../features/catalog/category-menu';
import { useCategories } from '../../features/catalog/use-categories';
import { SearchContext } from '../../lib/search';
import './shop.css';
import { SiteFooter } from './site-footer';
import { TopBar } from './top-bar';

const MENU_ID = 'shop-menu';
const WIDE = '(min-width: 992px)'; // Bootstrap's lg: the menu is a column from here up

/** The storefront frame: top bar, category menu (column when wide, offcanvas on phones), footer. */
export function ShopLayout() {
  const { t } = useTranslation();
  const [search, setSearch] = useState('');
  const [wideMenuOpen, setWideMenuOpen] = useState(true);
  const [phoneMenuOpen, setPhoneMenuOpen] = useState(false);
  const [cartOpen, setCartOpen] = useState(false);
  const searchState = useMemo(() => ({ search, setSearch }), [search]);
  const hasCategories = useCategories().length > 0;

  const toggleMenu = () => {
    if (window.matchMedia(WIDE).matches) setWideMenuOpen((open) => !open);
    else setPhoneMenuOpen((open) => !open);
  };

  return (
    <SearchContext value={searchState}>
      <a href="#main" className="visually-hidden-focusable skip-link">
        {t('layout.skipToContent')}
      </a>
      <TopBar menuId={MENU_ID} onToggleMenu={toggleMenu} onOpenCart={() => setCartOpen(true)} />
      <div className="container-fluid flex-grow-1 d-flex align-items-start px-0">
        {/* Clicking anywhere in the menu clears the search text (spec). */}
        <div className={`side-menu-wrap${wideMenuOpen && hasCategories ? '' : ' side-menu-collapsed'}`}>
          <Offcanvas
            id={MENU_ID}
            show={phoneMenuOpen}
            onHide={() => setPhoneMenuOpen(false)}
            responsive="lg"
            placement="start"
            className="side-menu"
            aria-labelledby="shop-menu-title"
            onClick={() => setSearch('')}
          >
            <Offcanvas.Header closeButton closeLabel={t('common.close')} className="border-bottom">
              <Offcanvas.Title as="h2" id="shop-menu-title" className="h6 mb-0">
                {t('layout.categories')}
              </Offcanvas.Title>
            </Offcanvas.Header>
            <Offcanvas.Body className="p-0">
              <CategoryMenu onChoose={() => setPhoneMenuOpen(false)} />
            </Offcanvas.Body>
          </Offcanvas>
        </div>
        <main id="main" className="flex-grow-1 min-w-0 px-3 py-3" tabIndex={-1}>
          <Outlet />
        </main>
      </div>
      <SiteFooter />
      <CartPanel show={cartOpen} onClose={() => setCartOpen(false)} />
    </SearchContext>
  );
}
