import type { SVGProps } from 'react';

/**
 * The console's icons: 16px line icons drawn with currentColor. Decorative by default (aria-hidden); give the
 * surrounding button or link its accessible name.
 */
type IconProps = SVGProps<SVGSVGElement> & { size?: number };

function icon(paths: React.ReactNode) {
  return function Icon({ size = 16, ...props }: IconProps) {
    return (
      <svg
        width={size}
        height={size}
        viewBox="0 0 16 16"
        fill="none"
        stroke="currentColor"
        strokeWidth={1.5}
        strokeLinecap="round"
        strokeLinejoin="round"
        aria-hidden="true"
        focusable="false"
        {...props}
      >
        {paths}
      </svg>
    );
  };
}

export const IconRuns = icon(
  <>
    <path d="M3 3.5h10M3 8h10M3 12.5h6" />
    <circle cx="12.5" cy="12.5" r="1.5" />
  </>,
);
export const IconInsights = icon(
  <>
    <path d="M2.5 13.5h11" />
    <path d="M4.5 11V8M8 11V4.5M11.5 11V6.5" />
  </>,
);
export const IconAgents = icon(
  <>
    <rect x="3" y="5" width="10" height="8" rx="2" />
    <path d="M8 2.5V5M6 8.75h.01M10 8.75h.01M1.5 9v2M14.5 9v2" />
  </>,
);
export const IconDocuments = icon(
  <>
    <path d="M4 1.75h5.5L12.5 4.75v9.5H4z" />
    <path d="M9.5 1.75v3h3M6 8h4.5M6 10.75h4.5" />
  </>,
);
export const IconModels = icon(
  <>
    <rect x="2" y="2" width="5" height="5" rx="1" />
    <rect x="9" y="2" width="5" height="5" rx="1" />
    <rect x="2" y="9" width="5" height="5" rx="1" />
    <rect x="9" y="9" width="5" height="5" rx="1" />
  </>,
);
export const IconValidations = icon(
  <>
    <path d="M8 1.75 13.5 4v4c0 3-2.4 5.3-5.5 6.25C4.9 13.3 2.5 11 2.5 8V4z" />
    <path d="m5.75 8 1.6 1.6 3-3.2" />
  </>,
);
export const IconOrganization = icon(
  <>
    <path d="M2.5 14.25V3.5l5-1.75v12.5M7.5 5.75h6v8.5" />
    <path d="M1.5 14.25h13M4.5 6h1M4.5 8.5h1M4.5 11h1M10 8.5h1M10 11h1" />
  </>,
);
export const IconUsers = icon(
  <>
    <circle cx="6" cy="5.5" r="2.5" />
    <path d="M1.75 13.5c.5-2.3 2.2-3.5 4.25-3.5s3.75 1.2 4.25 3.5" />
    <path d="M10.5 3.25a2.25 2.25 0 0 1 0 4.5M12 10.25c1.2.45 2 1.5 2.25 3.25" />
  </>,
);
export const IconRoles = icon(
  <>
    <circle cx="5.5" cy="8" r="3" />
    <path d="M8.5 8h6M12.5 8v2.5M14.5 8v2" />
  </>,
);
export const IconAppClients = icon(
  <>
    <rect x="1.75" y="3" width="12.5" height="10" rx="1.5" />
    <path d="m4.75 6.5 2 1.5-2 1.5M8.5 10h3" />
  </>,
);
export const IconAudit = icon(
  <>
    <path d="M3 2.25h10v11.5H3z" />
    <path d="M5.5 5h5M5.5 7.75h5M5.5 10.5h3" />
  </>,
);
export const IconSearch = icon(
  <>
    <circle cx="7" cy="7" r="4.25" />
    <path d="m10.25 10.25 3.5 3.5" />
  </>,
);
export const IconSun = icon(
  <>
    <circle cx="8" cy="8" r="3" />
    <path d="M8 1v1.5M8 13.5V15M1 8h1.5M13.5 8H15M3.05 3.05l1.06 1.06M11.89 11.89l1.06 1.06M3.05 12.95l1.06-1.06M11.89 4.11l1.06-1.06" />
  </>,
);
export const IconMoon = icon(<path d="M13.5 9.5A5.75 5.75 0 0 1 6.5 2.5a5.75 5.75 0 1 0 7 7z" />);
export const IconCopy = icon(
  <>
    <rect x="5.25" y="5.25" width="8.5" height="8.5" rx="1.5" />
    <path d="M10.75 5.25V3.75a1.5 1.5 0 0 0-1.5-1.5h-5.5a1.5 1.5 0 0 0-1.5 1.5v5.5a1.5 1.5 0 0 0 1.5 1.5h1.5" />
  </>,
);
export const IconCheck = icon(<path d="m3 8.5 3.25 3.25L13 5" />);
export const IconChevronRight = icon(<path d="m6 3.5 4.5 4.5L6 12.5" />);
export const IconChevronLeft = icon(<path d="M10 3.5 5.5 8l4.5 4.5" />);
export const IconChevronDown = icon(<path d="m3.5 6 4.5 4.5L12.5 6" />);
export const IconMenu = icon(<path d="M2.5 4h11M2.5 8h11M2.5 12h11" />);
export const IconClose = icon(<path d="m4 4 8 8M12 4l-8 8" />);
export const IconPlus = icon(<path d="M8 3v10M3 8h10" />);
export const IconColumns = icon(
  <>
    <rect x="2" y="2.5" width="12" height="11" rx="1.5" />
    <path d="M6 2.5v11M10 2.5v11" />
  </>,
);
export const IconAlert = icon(
  <>
    <path d="M8 1.75 15 14H1z" />
    <path d="M8 6.25v3.5M8 11.75v.01" />
  </>,
);
export const IconLock = icon(
  <>
    <rect x="3" y="7" width="10" height="7" rx="1.5" />
    <path d="M5.25 7V5a2.75 2.75 0 0 1 5.5 0v2" />
  </>,
);
export const IconKeyboard = icon(
  <>
    <rect x="1.5" y="3.5" width="13" height="9" rx="1.5" />
    <path d="M4 6.5h.01M6.5 6.5h.01M9 6.5h.01M11.5 6.5h.01M5 9.75h6" />
  </>,
);
export const IconSignOut = icon(
  <>
    <path d="M6 2.5H3.25v11H6M10.5 5l3 3-3 3M13.5 8H6" />
  </>,
);
export const IconInbox = icon(
  <>
    <path d="M1.75 9.5 3.5 3h9l1.75 6.5v4H1.75z" />
    <path d="M1.75 9.5h3.5l1 1.5h3.5l1-1.5h3.5" />
  </>,
);
export const IconRefresh = icon(
  <>
    <path d="M13.25 3.5v3h-3" />
    <path d="M13 6.5A5.25 5.25 0 1 0 13.25 9" />
  </>,
);
export const IconGlobe = icon(
  <>
    <circle cx="8" cy="8" r="6.25" />
    <path d="M1.75 8h12.5M8 1.75c1.75 1.8 2.6 3.9 2.6 6.25S9.75 12.45 8 14.25C6.25 12.45 5.4 10.35 5.4 8S6.25 3.55 8 1.75z" />
  </>,
);
export const IconArrowUp = icon(<path d="M8 13V3M4 7l4-4 4 4" />);
export const IconArrowDown = icon(<path d="M8 3v10M4 9l4 4 4-4" />);
export const IconSort = icon(<path d="m5 6 3-3 3 3M5 10l3 3 3-3" />);
