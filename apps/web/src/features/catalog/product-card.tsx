import { useLocalName } from '../../lib/names';
import type { Product } from './catalog-api';
import { ProductAction } from './product-action';
import { ProductImage } from './product-image';
import { ProductPrice } from './product-price';

interface ProductCardProps {
  product: Product;
  onOpen: (id: number) => void;
  /** The title's heading level: one below the heading the grid stands under (h1 or h2). */
  titleLevel: 2 | 3;
  /** Load the picture at once (the first screen's cards), not when scrolled near. */
  eager?: boolean;
}

/**
 * Image, title, attribute, price and the action button. The image and the title open the detail
 * modal; the title is the button keyboards and screen readers use, the image the mouse's and
 * finger's larger target (a second button with the same name would only repeat it).
 */
export function ProductCard({ product, onOpen, titleLevel, eager = false }: ProductCardProps) {
  const titleId = `product-${product.id}-title`;
  const Title = titleLevel === 2 ? 'h2' : 'h3';
  const open = () => onOpen(product.id);
  const local = useLocalName();
  const title = local(product.title, product.title_bn);
  const attri = local(product.attri, product.attri_bn);
  return (
    <article className="card product-card h-100" aria-labelledby={titleId}>
      <div className="product-card-thumb" onClick={open}>
        <ProductImage src={product.image} alt={title} size={400} lazy={!eager} />
      </div>
      <div className="card-body d-flex flex-column gap-1 p-2">
        <Title className="product-title mb-0" id={titleId}>
          <button type="button" className="product-title-btn" onClick={open}>
            {title}
          </button>
        </Title>
        {attri && <p className="product-attri mb-0">{attri}</p>}
        <ProductPrice product={product} />
        <div className="mt-auto pt-1">
          <ProductAction product={product} />
        </div>
      </div>
    </article>
  );
}
