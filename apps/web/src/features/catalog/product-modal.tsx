import { useState } from 'react';
import Modal from 'react-bootstrap/Modal';
import { Link } from 'react-router';
import { useTranslation } from '../../lib/i18n/i18n';
import { useLocalName } from '../../lib/names';
import type { Product } from './catalog-api';
import { ProductAction } from './product-action';
import { ProductImage } from './product-image';
import { ProductPrice } from './product-price';
import { SizePicker } from './size-picker';

interface ProductModalProps {
  product: Product;
  /** The product's sizes, cheapest first (one entry: no picker). */
  sizes?: readonly Product[];
  show: boolean;
  onHide: () => void;
  onExited: () => void;
}

/** The product's details: large image, title, brand, attribute, price, description, action. */
export function ProductModal({
  product: opened,
  sizes = [opened],
  show,
  onHide,
  onExited,
}: ProductModalProps) {
  const { t } = useTranslation();
  const [product, setProduct] = useState(opened);
  const titleId = `product-modal-${opened.id}-title`;
  const local = useLocalName();
  const title = local(product.title, product.title_bn);
  const attri = local(product.attri, product.attri_bn);
  const desc = local(product.desc, product.desc_bn);
  return (
    <Modal
      show={show}
      onHide={onHide}
      onExited={onExited}
      size="lg"
      centered
      aria-labelledby={titleId}
      className="product-modal"
    >
      <Modal.Header closeButton closeLabel={t('common.close')}>
        <Modal.Title as="h2" id={titleId} className="h5 mb-0">
          {title}
        </Modal.Title>
      </Modal.Header>
      <Modal.Body>
        <div className="row g-3 g-md-4">
          <div className="col-md-6">
            <ProductImage
              src={product.image_large ?? product.image}
              alt={title}
              size={600}
              lazy={false}
              className="product-modal-image"
            />
          </div>
          <div className="col-md-6 d-flex flex-column gap-2">
            {product.brand && (
              <p className="text-secondary mb-0">
                {t('shopCatalog.product.brand', {
                  title: local(product.brand.title, product.brand.title_bn),
                })}
              </p>
            )}
            {sizes.length > 1 ? (
              <SizePicker
                sizes={sizes}
                selected={product}
                onSelect={setProduct}
                title={title}
                small={false}
              />
            ) : (
              attri && <p className="product-attri mb-0">{attri}</p>
            )}
            <ProductPrice product={product} className="fs-5" />
            <div className="product-modal-action">
              <ProductAction product={product} large />
            </div>
            {desc && <p className="product-desc mb-0">{desc}</p>}
            {/* The product's own address, to share or bookmark. */}
            <Link to={`/product/${product.id}`} className="link-primary mt-auto" onClick={onHide}>
              {t('shopCatalog.product.page')}
            </Link>
          </div>
        </div>
      </Modal.Body>
    </Modal>
  );
}
