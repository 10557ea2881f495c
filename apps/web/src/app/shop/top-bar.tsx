import type { FormEvent } from 'react';
import { formatNumber, useTranslation } from '../../lib/i18n/i18n';
import { Link, useNavigate } from 'react-router';
import { CartIcon, MenuIcon, UserIcon } from '../../components/icons';
import { LanguageSwitch } from '../../components/language-switch';
import { useSignedIn } from '../../features/auth/use-profile';
import { cartCount, useCartLines } from '../../lib/session';
import { searchableText, searchPath, useSearch } from '../../lib/search';

interface TopBarProps {
  menuId: string;
  onToggleMenu: () => void;
  onOpenCart: () => void;
}

/** Sticky bar: menu toggle, shop name, search box, Cart(N) and Login or Profile. */
export function TopBar({ menuId, onToggleMenu, onOpenCart }: TopBarProps) {
  const { t } = useTranslation();
  const { search, setSearch } = useSearch();
  const count = cartCount(useCartLines());
  const signedIn = useSignedIn();
  const navigate = useNavigate();

  // Enter opens the search page for the text (an address that can be shared or bookmarked).
  const submitSearch = (event: FormEvent<HTMLFormElement>) => {
    event.preventDefault();
    const text = searchableText(search);
    if (!text) return;
    event.currentTarget.querySelector('input')?.blur(); // closes a phone's keyboard over the results
    void navigate(searchPath(text));
  };

  return (
    <header className="top-bar sticky-top bg-white border-bottom shadow-sm">
      <div className="container-fluid d-flex flex-wrap align-items-center column-gap-2 row-gap-2 py-2">
        <button
          type="button"
          className="btn btn-outline-secondary icon-btn"
          aria-label={t('layout.toggleMenu')}
          aria-controls={menuId}
          onClick={onToggleMenu}
        >
          <MenuIcon />
        </button>
        <Link to="/" className="shop-name me-auto me-md-2">
          {t('shop.name')}
        </Link>
        <form className="top-search" role="search" onSubmit={submitSearch}>
          <label htmlFor="site-search" className="visually-hidden">
            {t('layout.searchLabel')}
          </label>
          <input
            id="site-search"
            type="search"
            className="form-control"
            placeholder={t('layout.searchPlaceholder')}
            autoComplete="off"
            value={search}
            onChange={(event) => setSearch(event.target.value)}
          />
        </form>
        {/* On a phone the cart shows its icon and count, Profile its icon: the bar keeps to one row. */}
        <button
          type="button"
          className="btn btn-outline-primary d-flex align-items-center gap-1"
          aria-label={t('layout.cartToggle', { count })}
          onClick={onOpenCart}
        >
          <CartIcon size={18} />
          <span className="d-none d-sm-inline">{t('layout.cartToggle', { count })}</span>
          <span className="d-sm-none">{formatNumber(count)}</span>
        </button>
        <LanguageSwitch className="btn btn-outline-secondary" />
        {signedIn ? (
          <Link
            to="/user/profile"
            className="btn btn-primary d-flex align-items-center gap-1"
            aria-label={t('layout.profile')}
          >
            <UserIcon size={18} />
            <span className="d-none d-sm-inline">{t('layout.profile')}</span>
          </Link>
        ) : (
          <Link to="/login" className="btn btn-primary">
            {t('layout.login')}
          </Link>
        )}
      </div>
    </header>
  );
}
