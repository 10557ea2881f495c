import { Svg, type IconProps } from '../../components/icons';

// Icons only the product cards use, in the app's shared icon frame (decorative, aria-hidden).

export const BellIcon = ({ size = 18, ...props }: IconProps) => (
  <Svg size={size} {...props}>
    <path d="M6 8a6 6 0 0 1 12 0c0 7 3 9 3 9H3s3-2 3-9" />
    <path d="M10.3 21a1.94 1.94 0 0 0 3.4 0" />
  </Svg>
);

/** A neutral picture for products without an image. */
export const NoImageIcon = ({ size = 40, ...props }: IconProps) => (
  <Svg size={size} strokeWidth={1.5} {...props}>
    <rect x="3" y="3" width="18" height="18" rx="2" />
    <circle cx="9" cy="9" r="2" />
    <path d="m21 15-3.1-3.1a2 2 0 0 0-2.8 0L6 21" />
  </Svg>
);
