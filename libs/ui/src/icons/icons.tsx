import type { ReactNode, SVGProps } from 'react';

export type IconProps = SVGProps<SVGSVGElement> & { size?: number; title?: string };

/** Stroke icons drawn inline (no icon font, no network). Decorative unless given a title. */
function makeIcon(displayName: string, paths: ReactNode) {
  function Icon({ size = 20, title, ...rest }: IconProps) {
    return (
      <svg
        width={size}
        height={size}
        viewBox="0 0 24 24"
        fill="none"
        stroke="currentColor"
        strokeWidth={2}
        strokeLinecap="round"
        strokeLinejoin="round"
        aria-hidden={title ? undefined : true}
        role={title ? 'img' : undefined}
        focusable="false"
        {...rest}
      >
        {title && <title>{title}</title>}
        {paths}
      </svg>
    );
  }
  Icon.displayName = displayName;
  return Icon;
}

export const MenuIcon = makeIcon('MenuIcon', <path d="M4 6h16M4 12h16M4 18h16" />);
export const CloseIcon = makeIcon('CloseIcon', <path d="M6 6l12 12M18 6L6 18" />);
export const ArrowRightIcon = makeIcon('ArrowRightIcon', <path d="M5 12h14M13 6l6 6-6 6" />);
export const ArrowLeftIcon = makeIcon('ArrowLeftIcon', <path d="M19 12H5M11 6l-6 6 6 6" />);
export const CheckIcon = makeIcon('CheckIcon', <path d="M5 12l5 5L20 7" />);
export const CheckCircleIcon = makeIcon(
  'CheckCircleIcon',
  <>
    <circle cx="12" cy="12" r="9" />
    <path d="M8 12l3 3 5-6" />
  </>,
);
export const AlertCircleIcon = makeIcon(
  'AlertCircleIcon',
  <>
    <circle cx="12" cy="12" r="9" />
    <path d="M12 7v6M12 16.5v.5" />
  </>,
);
export const MailIcon = makeIcon(
  'MailIcon',
  <>
    <rect x="3" y="5" width="18" height="14" rx="2" />
    <path d="M3 7l9 6 9-6" />
  </>,
);
export const XLogoIcon = makeIcon('XLogoIcon', <path d="M4 4l16 16M20 4L4 20" />);
export const LinkedInIcon = makeIcon(
  'LinkedInIcon',
  <>
    <rect x="3" y="3" width="18" height="18" rx="3" />
    <path d="M8 10v7M8 7v.01M12 17v-4a2 2 0 014 0v4M12 10v7" />
  </>,
);
export const InstagramIcon = makeIcon(
  'InstagramIcon',
  <>
    <rect x="3" y="3" width="18" height="18" rx="5" />
    <circle cx="12" cy="12" r="4" />
    <path d="M17.5 6.5v.01" />
  </>,
);
export const ChatIcon = makeIcon('ChatIcon', <path d="M4 5h16v11H9l-5 4z" />);
export const SparklesIcon = makeIcon(
  'SparklesIcon',
  <path d="M12 3l1.8 5.2L19 10l-5.2 1.8L12 17l-1.8-5.2L5 10l5.2-1.8zM19 16l.8 2.2L22 19l-2.2.8L19 22l-.8-2.2L16 19l2.2-.8z" />,
);
export const GlobeIcon = makeIcon(
  'GlobeIcon',
  <>
    <circle cx="12" cy="12" r="9" />
    <path d="M3 12h18M12 3a14 14 0 010 18M12 3a14 14 0 000 18" />
  </>,
);
export const ZapIcon = makeIcon('ZapIcon', <path d="M13 2L4 14h7l-1 8 9-12h-7z" />);
export const RocketIcon = makeIcon(
  'RocketIcon',
  <path d="M5 15c-1.5 1.5-2 5-2 5s3.5-.5 5-2M9 15l-3-3c1-4 5-9 13-9 0 8-5 12-9 13zM15 9h.01" />,
);
export const UsersIcon = makeIcon(
  'UsersIcon',
  <>
    <circle cx="9" cy="8" r="3.5" />
    <path d="M2.5 20a6.5 6.5 0 0113 0M16 4.5a3.5 3.5 0 010 7M18 14a6 6 0 013.5 6" />
  </>,
);
export const ShieldIcon = makeIcon(
  'ShieldIcon',
  <path d="M12 3l8 3v6c0 5-3.5 8-8 9-4.5-1-8-4-8-9V6z" />,
);
export const ChartIcon = makeIcon('ChartIcon', <path d="M4 20V10M10 20V4M16 20v-7M22 20H2" />);
export const TrendingUpIcon = makeIcon('TrendingUpIcon', <path d="M3 17l6-6 4 4 8-8M15 7h6v6" />);
export const CodeIcon = makeIcon('CodeIcon', <path d="M8 6l-6 6 6 6M16 6l6 6-6 6" />);
export const ClockIcon = makeIcon(
  'ClockIcon',
  <>
    <circle cx="12" cy="12" r="9" />
    <path d="M12 7v5l3 2" />
  </>,
);
export const BookIcon = makeIcon(
  'BookIcon',
  <path d="M4 4h6a3 3 0 013 3v13a2 2 0 00-2-2H4zM20 4h-6a3 3 0 00-3 3v13a2 2 0 012-2h7z" />,
);
export const CpuIcon = makeIcon(
  'CpuIcon',
  <>
    <rect x="6" y="6" width="12" height="12" rx="2" />
    <path d="M9 2v4M15 2v4M9 18v4M15 18v4M2 9h4M2 15h4M18 9h4M18 15h4" />
  </>,
);
export const SearchIcon = makeIcon(
  'SearchIcon',
  <>
    <circle cx="11" cy="11" r="7" />
    <path d="M20 20l-4-4" />
  </>,
);
export const UploadIcon = makeIcon('UploadIcon', <path d="M12 16V4M6 10l6-6 6 6M4 20h16" />);
export const FileIcon = makeIcon('FileIcon', <path d="M6 2h8l6 6v14H6zM14 2v6h6" />);
export const DownloadIcon = makeIcon('DownloadIcon', <path d="M12 4v12M6 10l6 6 6-6M4 20h16" />);
export const StarIcon = makeIcon(
  'StarIcon',
  <path d="M12 3l2.8 5.8 6.2.9-4.5 4.4 1 6.2-5.5-3-5.5 3 1-6.2L3 9.7l6.2-.9z" />,
);
export const CalendarIcon = makeIcon(
  'CalendarIcon',
  <>
    <rect x="3" y="5" width="18" height="16" rx="2" />
    <path d="M3 10h18M8 3v4M16 3v4" />
  </>,
);
export const HeartIcon = makeIcon(
  'HeartIcon',
  <path d="M12 20s-8-4.5-8-10a4.5 4.5 0 018-2.8A4.5 4.5 0 0120 10c0 5.5-8 10-8 10z" />,
);
export const LockIcon = makeIcon(
  'LockIcon',
  <>
    <rect x="5" y="11" width="14" height="10" rx="2" />
    <path d="M8 11V7a4 4 0 018 0v4" />
  </>,
);
export const TargetIcon = makeIcon(
  'TargetIcon',
  <>
    <circle cx="12" cy="12" r="9" />
    <circle cx="12" cy="12" r="5" />
    <circle cx="12" cy="12" r="1" />
  </>,
);
export const LayersIcon = makeIcon(
  'LayersIcon',
  <path d="M12 3l9 5-9 5-9-5zM3 13l9 5 9-5M3 17l9 5 9-5" />,
);
export const DollarIcon = makeIcon(
  'DollarIcon',
  <path d="M12 2v20M17 6H9.5a3 3 0 000 6h5a3 3 0 010 6H6" />,
);
export const RefreshIcon = makeIcon('RefreshIcon', <path d="M20 11a8 8 0 10-2.3 5.7M20 4v7h-7" />);
