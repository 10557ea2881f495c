import Modal from 'react-bootstrap/Modal';
import { useTranslation } from '../../lib/i18n/i18n';
import type { Product } from './catalog-api';
import { ProductAction } from './product-action';
import { ProductImage } from './product-image';
import { ProductPrice } from './product-price';

interface ProductModalProps {
  product: Product;
  show: boolean;
  onHide: () => void;
  onExited: () => void;
}

/** The product's details: large image, title, brand, attribute, price, description, action. */
export function ProductModal({ product, show, onHide, onExited }: ProductModalProps) {
  const { t } = useTranslation();
  const titleId = `product-modal-${product.id}-title`;
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
      <Modal.Header closeButton closeLabel={t('shopCatalog.product.close')}>
        <Modal.Title as="h2" id={titleId} className="h5 mb-0">
          {product.title}
        </Modal.Title>
      </Modal.Header>
      <Modal.Body>
        <div className="row g-3 g-md-4">
          <div className="col-md-6">
            <ProductImage
              src={product.image_large ?? product.image}
              alt={product.title}
              size={600}
              lazy={false}
              className="product-modal-image"
            />
          </div>
          <div className="col-md-6 d-flex flex-column gap-2">
            {product.brand && (
              <p className="text-secondary mb-0">
                {t('shopCatalog.product.brand', { title: product.brand.title })}
              </p>
            )}
            {product.attri && <p className="product-attri mb-0">{product.attri}</p>}
            <ProductPrice product={product} className="fs-5" />
            <div className="product-modal-action">
              <ProductAction product={product} large />
            </div>
            {product.desc && <p className="product-desc mb-0">{product.desc}</p>}
          </div>
        </div>
      </Modal.Body>
    </Modal>
  );
}
