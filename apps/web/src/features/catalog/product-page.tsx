import type { ProductView } from '@bazar/contracts/catalog';
import { useEffect } from 'react';
import { Link, useNavigate, useParams } from 'react-router';
import { useTranslation } from '../../lib/i18n/i18n';
import { useLocalName } from '../../lib/names';
import { useProductView, type Product } from './catalog-api';
import { CatalogState } from './catalog-states';
import { ProductAction } from './product-action';
import { ProductImage } from './product-image';
import { ProductPrice } from './product-price';
import { SizePicker } from './size-picker';

/**
 * /product/{id}: the page a shared link opens (the card's modal stays as the spec shows). The server
 * sends the product's content and tags in the HTML (shop-pages.routes.ts); this is the same page
 * once the app runs: picture, title, sizes, price, the cart button and the description.
 */
export function ProductPage() {
  const { t } = useTranslation();
  const local = useLocalName();
  const id = useParams().id ?? '';
  const view = useProductView(id);
  const product = view.data?.product;
  const title = product ? local(product.title, product.title_bn) : '';

  useEffect(() => {
    if (!title) return;
    const before = document.title;
    document.title = `${title} – ${t('shop.name')}`;
    return () => {
      document.title = before;
    };
  }, [title, t]);

  return (
    <CatalogState
      query={view}
      loading={
        <section className="catalog-section product-page placeholder-glow" aria-busy="true">
          <span className="placeholder col-6 col-md-3 mb-3" />
          <span className="product-image placeholder product-page-image" />
        </section>
      }
      notFound={t('shopCatalog.productPage.notFound')}
      failed={t('shopCatalog.productPage.failed')}
    >
      {(data) => <ProductArticle view={data} />}
    </CatalogState>
  );
}

/** The product's page once its answer is in: picture, title, sizes, price, the cart button, description. */
function ProductArticle({ view }: { view: ProductView }) {
  const { t } = useTranslation();
  const local = useLocalName();
  const navigate = useNavigate();
  const { product, sizes, categories } = view;
  const title = local(product.title, product.title_bn);
  const attri = local(product.attri, product.attri_bn);
  const desc = local(product.desc, product.desc_bn);
  // Each size has its own address (a link to the 5 kg bag opens the 5 kg bag).
  const choose = (size: Product) => void navigate(`/product/${size.id}`, { replace: true });
  return (
    <article className="catalog-section product-page" aria-labelledby="product-page-title">
      <nav aria-label={t('shopCatalog.productPage.breadcrumb')} className="small mb-2">
        <Link to="/">{t('shopCatalog.productPage.home')}</Link>
        {categories.map((c) => (
          <span key={c.id}>
            {' › '}
            <Link to={`/category/${c.id}`}>{local(c.title, c.title_bn)}</Link>
          </span>
        ))}
      </nav>
      <div className="row g-3 g-md-4">
        <div className="col-md-6 col-lg-5">
          <ProductImage
            src={product.image_large ?? product.image}
            alt={title}
            size={600}
            lazy={false}
            className="product-page-image"
          />
        </div>
        <div className="col-md-6 col-lg-7 d-flex flex-column gap-2">
          <h1 id="product-page-title" className="h3 mb-0">
            {title}
          </h1>
          {product.brand && (
            <p className="product-brand mb-0">
              {t('shopCatalog.product.brand', { title: local(product.brand.title, product.brand.title_bn) })}
            </p>
          )}
          {sizes.length > 1 ? (
            <SizePicker sizes={sizes} selected={product} onSelect={choose} title={title} small={false} />
          ) : (
            attri && <p className="product-attri mb-0">{attri}</p>
          )}
          <ProductPrice product={product} className="fs-4" />
          <div className="product-page-action">
            <ProductAction product={product} large />
          </div>
          {desc && <p className="product-desc mb-0">{desc}</p>}
        </div>
      </div>
    </article>
  );
}
