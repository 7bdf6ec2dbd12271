/** Toolbar icons: inline SVG, `currentColor`, hidden from assistive tech (the buttons carry the labels). */
const paths = {
  sidebar: <path d="M4 5h16v14H4zM9 5v14" />,
  prev: <path d="M15 18l-6-6 6-6" />,
  next: <path d="M9 18l6-6-6-6" />,
  zoomIn: <path d="M11 4a7 7 0 1 0 0 14a7 7 0 0 0 0-14zM20 20l-4-4M11 8v6M8 11h6" />,
  zoomOut: <path d="M11 4a7 7 0 1 0 0 14a7 7 0 0 0 0-14zM20 20l-4-4M8 11h6" />,
  fitWidth: <path d="M3 12h18M6 9l-3 3 3 3M18 9l3 3-3 3M3 4v16M21 4v16" />,
  fitPage: <path d="M6 3h12v18H6zM9 9h6v6H9z" />,
  rotateCw: <path d="M20 12a8 8 0 1 1-2.34-5.66M20 4v5h-5" />,
  rotateCcw: <path d="M4 12a8 8 0 1 0 2.34-5.66M4 4v5h5" />,
  download: <path d="M12 4v11M7 10l5 5 5-5M5 20h14" />,
  back: <path d="M19 12H5M11 18l-6-6 6-6" />,
  attachment: <path d="M21 11l-8.5 8.5a5 5 0 0 1-7-7L14 4a3.5 3.5 0 0 1 5 5l-8.5 8.5a2 2 0 0 1-3-3L15 7" />,
} as const;

export type IconName = keyof typeof paths;

export function Icon({ name }: { name: IconName }) {
  return (
    <svg
      className="dv-icon"
      viewBox="0 0 24 24"
      width="18"
      height="18"
      fill="none"
      stroke="currentColor"
      strokeWidth="2"
      strokeLinecap="round"
      strokeLinejoin="round"
      aria-hidden="true"
      focusable="false"
    >
      {paths[name]}
    </svg>
  );
}
