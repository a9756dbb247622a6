/** A small set of line icons (16×16, currentColor) in the calm style of code editors. */
const PATHS = {
  chevronRight: 'M6 4l4 4-4 4',
  chevronDown: 'M4 6l4 4 4-4',
  folder: 'M1.5 3.5h4l1.5 1.5h7.5v8h-13z',
  folderOpen: 'M1.5 3.5h4l1.5 1.5h6v2M1.5 13.5l2-6.5h11l-2 6.5h-11zM1.5 3.5v10',
  file: 'M3.5 1.5h6l3 3v10h-9zM9.5 1.5v3h3',
  newFile: 'M3.5 1.5h6l3 3v4M9.5 1.5v3h3M3.5 1.5v13h5M12 10v5M9.5 12.5h5',
  newFolder: 'M1.5 3.5h4l1.5 1.5h7.5v3.5M1.5 3.5v10h7M12 10v5M9.5 12.5h5',
  search: 'M7 2.5a4.5 4.5 0 1 1 0 9 4.5 4.5 0 0 1 0-9zM10.3 10.3l3.7 3.7',
  plus: 'M8 3v10M3 8h10',
  close: 'M4 4l8 8M12 4l-8 8',
  maximize: 'M2.5 2.5h11v11h-11zM2.5 5h11',
  restore: 'M4.5 4.5h9v9h-9zM2.5 11.5v-9h9',
  error: 'M8 1.5a6.5 6.5 0 1 1 0 13 6.5 6.5 0 0 1 0-13zM5.5 5.5l5 5M10.5 5.5l-5 5',
  warning: 'M8 1.8l6.5 12H1.5zM8 6.5v3.5M8 11.5v1',
  info: 'M8 1.5a6.5 6.5 0 1 1 0 13 6.5 6.5 0 0 1 0-13zM8 7v4.5M8 4.5v1',
  check: 'M3 8.5l3 3 7-7',
  sidebar: 'M1.5 2.5h13v11h-13zM5.5 2.5v11',
  panelBottom: 'M1.5 2.5h13v11h-13zM1.5 9.5h13',
  panelRight: 'M1.5 2.5h13v11h-13zM10.5 2.5v11',
  folderOpenWs: 'M1.5 3.5h4l1.5 1.5h7.5v8h-13zM8 7v4M6 9l2-2 2 2',
  upload: 'M8 11V3M5 6l3-3 3 3M2.5 11v2.5h11V11',
  download: 'M8 3v8M5 8l3 3 3-3M2.5 11v2.5h11V11',
  theme: 'M8 1.5a6.5 6.5 0 1 0 0 13zM8 1.5a6.5 6.5 0 0 1 0 13',
  play: 'M5 3l8 5-8 5z',
  edit: 'M11 2.5l2.5 2.5-8 8H3v-2.5z',
  trash: 'M2.5 4.5h11M6 4.5V2.5h4v2M4 4.5l.7 9h6.6l.7-9',
  image: 'M1.5 2.5h13v11h-13zM1.5 11l4-4 3 3 2-2 4 4M10.5 5.5a1 1 0 1 1 0 .1',
  skill: 'M8 1.5l5.5 3v7L8 14.5l-5.5-3v-7zM2.5 4.5L8 7.5l5.5-3M8 7.5v7',
  agent: 'M8 2a3 3 0 1 1 0 6 3 3 0 0 1 0-6zM2.5 14c.5-3 2.8-4.5 5.5-4.5s5 1.5 5.5 4.5',
  split: 'M1.5 2.5h13v11h-13zM8 2.5v11',
  refresh: 'M13 3v3.5H9.5M13 6.5A5.5 5.5 0 1 0 13.5 10',
  settings:
    'M8 5.5a2.5 2.5 0 1 1 0 5 2.5 2.5 0 0 1 0-5zM8 1.5v2M8 12.5v2M1.5 8h2M12.5 8h2M3.4 3.4l1.4 1.4M11.2 11.2l1.4 1.4M3.4 12.6l1.4-1.4M11.2 4.8l1.4-1.4',
} as const;

export type IconName = keyof typeof PATHS;

export function Icon({
  name,
  size = 16,
  className,
}: {
  name: IconName;
  size?: number;
  className?: string;
}) {
  return (
    <svg
      className={className ? `icon ${className}` : 'icon'}
      width={size}
      height={size}
      viewBox="0 0 16 16"
      fill="none"
      stroke="currentColor"
      strokeWidth={1.2}
      strokeLinecap="round"
      strokeLinejoin="round"
      aria-hidden="true"
      focusable="false"
    >
      <path d={PATHS[name]} />
    </svg>
  );
}
