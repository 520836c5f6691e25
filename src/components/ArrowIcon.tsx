/** The arrow on the site's round back and forward buttons (carousels, testimonials); decorative. */
export function ArrowIcon({ direction }: { direction: "back" | "forward" }) {
  return (
    <svg width="22" height="22" viewBox="0 0 22 22" aria-hidden="true" focusable="false">
      <path
        d={direction === "back" ? "M13.5 4.5 7 11l6.5 6.5M7.5 11H19" : "M8.5 4.5 15 11l-6.5 6.5M14.5 11H3"}
        fill="none"
        stroke="currentColor"
        strokeWidth="2"
        strokeLinecap="round"
        strokeLinejoin="round"
      />
    </svg>
  );
}
