import { NoImageIcon } from './product-icons';

interface ProductImageProps {
  src: string | null;
  alt: string;
  size: number;
  lazy?: boolean;
  className?: string;
}

/**
 * A square product picture with its size set (no layout shift while it loads), decoded off the
 * main thread; below the fold it loads only when scrolled near. Without an image, a neutral box.
 */
export function ProductImage({ src, alt, size, lazy = true, className = '' }: ProductImageProps) {
  if (!src) {
    return (
      <span className={`product-image product-image-missing ${className}`} role="img" aria-label={alt}>
        <NoImageIcon />
      </span>
    );
  }
  return (
    <img
      src={src}
      alt={alt}
      width={size}
      height={size}
      loading={lazy ? 'lazy' : 'eager'}
      decoding="async"
      className={`product-image ${className}`}
    />
  );
}
