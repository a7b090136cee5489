import { Icon, type IconProps } from '../../../components/ui/icon';

/**
 * Line icons of the landing page, drawn for the product, in the application's frame
 * (web/components/ui/icon.tsx, the one module the landing chunk shares with the application's).
 * Decorative: hidden from assistive technology (the text next to them says it all).
 */
export { IconBack as IconChevronLeft, IconBars, IconClose, IconUser } from '../../../components/ui/icon';

export const IconChevronRight = (p: IconProps) => (
  <Icon {...p}>
    <path d="M9 18l6-6-6-6" />
  </Icon>
);
export const IconPause = (p: IconProps) => (
  <Icon {...p}>
    <path d="M9 5v14M15 5v14" />
  </Icon>
);
export const IconPlay = (p: IconProps) => (
  <Icon {...p}>
    <path d="M7 5l12 7-12 7z" />
  </Icon>
);
export const IconArrowRight = (p: IconProps) => (
  <Icon {...p}>
    <path d="M5 12h14M13 6l6 6-6 6" />
  </Icon>
);
export const IconCheck = (p: IconProps) => (
  <Icon {...p}>
    <path d="M5 12.5l4.5 4.5L19 7.5" />
  </Icon>
);
export const IconMail = (p: IconProps) => (
  <Icon {...p}>
    <rect x="3" y="5" width="18" height="14" rx="2" />
    <path d="M3.5 6.5L12 13l8.5-6.5" />
  </Icon>
);

/* Services */
export const IconRegister = (p: IconProps) => (
  <Icon {...p}>
    <path d="M6 3h12v18l-3-2-3 2-3-2-3 2z" />
    <path d="M9 8h6M9 12h6M9 16h3" />
  </Icon>
);
export const IconInventory = (p: IconProps) => (
  <Icon {...p}>
    <path d="M12 3l8 4.5v9L12 21l-8-4.5v-9z" />
    <path d="M4 7.5l8 4.5 8-4.5M12 12v9" />
  </Icon>
);
export const IconMerchandise = (p: IconProps) => (
  <Icon {...p}>
    <path d="M7 4v13M7 4L3.5 7.5M7 4l3.5 3.5" />
    <path d="M17 20V7M17 20l-3.5-3.5M17 20l3.5-3.5" />
  </Icon>
);
export const IconCashFlow = (p: IconProps) => (
  <Icon {...p}>
    <rect x="2.5" y="6" width="19" height="12" rx="2" />
    <circle cx="12" cy="12" r="2.5" />
    <path d="M6 9.5v5M18 9.5v5" />
  </Icon>
);

/* Benefits */
export const IconClock = (p: IconProps) => (
  <Icon {...p}>
    <circle cx="12" cy="12" r="9" />
    <path d="M12 7v5l3 2" />
  </Icon>
);
export const IconDevices = (p: IconProps) => (
  <Icon {...p}>
    <rect x="2.5" y="4" width="14" height="10" rx="1.5" />
    <path d="M6 18h7" />
    <rect x="15.5" y="9" width="6" height="11" rx="1.5" />
  </Icon>
);
export const IconReport = (p: IconProps) => (
  <Icon {...p}>
    <path d="M4 20h16" />
    <path d="M7 16v-5M12 16V6M17 16v-8" />
  </Icon>
);
export const IconSpark = (p: IconProps) => (
  <Icon {...p}>
    <path d="M12 3l1.8 5.2L19 10l-5.2 1.8L12 17l-1.8-5.2L5 10l5.2-1.8z" />
    <path d="M19 16v4M17 18h4" />
  </Icon>
);
