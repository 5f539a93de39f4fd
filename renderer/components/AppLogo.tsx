/**
 * The app's mark (the same drawing as `favicon.svg`), drawn inline: an `<img>` of an SVG makes
 * the page build a separate SVG document for it on the main thread, at start-up.
 */
export function AppLogo({ className, size }: { className: string; size: number }) {
  return (
    <svg
      className={className}
      viewBox="0 0 512 512"
      width={size}
      height={size}
      aria-hidden="true"
      focusable="false"
    >
      <rect width="512" height="512" rx="112" fill="#c2562e" />
      <g fill="none" stroke="#fff" strokeWidth="28" strokeLinecap="round">
        <path d="M150 170 C 260 170, 252 342, 362 342" />
        <path d="M150 342 C 260 342, 252 170, 362 170" />
      </g>
      <g fill="#fff">
        <circle cx="150" cy="170" r="34" />
        <circle cx="150" cy="342" r="34" />
        <circle cx="362" cy="170" r="34" />
        <circle cx="362" cy="342" r="34" />
      </g>
    </svg>
  );
}
