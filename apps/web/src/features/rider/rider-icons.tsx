import { Svg, type IconProps } from '../../components/icons';

// The rider's card's icons, with its own chunk (the shared icons are in every first load).
// Decorative (aria-hidden): the link around them carries the accessible name.

export const PhoneIcon = (props: IconProps) => (
  <Svg {...props}>
    <path d="M5 3h4l2 5-2.5 1.5a11 11 0 0 0 6 6L16 13l5 2v4a2 2 0 0 1-2 2A16 16 0 0 1 3 5a2 2 0 0 1 2-2" />
  </Svg>
);

export const MapPinIcon = (props: IconProps) => (
  <Svg {...props}>
    <path d="M12 21s-7-6.2-7-11.5a7 7 0 0 1 14 0C19 14.8 12 21 12 21Z" />
    <circle cx="12" cy="9.5" r="2.5" />
  </Svg>
);
