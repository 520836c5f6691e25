import type { ReactNode, Ref } from "react";

function ArrowIcon({ direction }: { direction: "back" | "forward" }) {
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

/** Named "Previous <noun>" and "Next <noun>" for screen readers; `children` (a count, say) sits between them. */
export function ArrowButtons({
  noun,
  className,
  canGoBack,
  canGoForward,
  onStep,
  backRef,
  forwardRef,
  children,
}: {
  noun: string;
  className: string | undefined;
  canGoBack: boolean;
  canGoForward: boolean;
  onStep: (direction: "back" | "forward") => void;
  backRef?: Ref<HTMLButtonElement>;
  forwardRef?: Ref<HTMLButtonElement>;
  children?: ReactNode;
}) {
  const button = (direction: "back" | "forward", label: string, enabled: boolean, ref?: Ref<HTMLButtonElement>) => (
    <button
      ref={ref}
      type="button"
      className={className}
      onClick={(event) => {
        // Taken already by the page's own script, before the app ran (a carousel's strip: stepStripsBeforeApp).
        if (!event.defaultPrevented) onStep(direction);
      }}
      disabled={!enabled}
      data-step={direction}
      aria-label={label}
    >
      <ArrowIcon direction={direction} />
    </button>
  );
  return (
    <>
      {button("back", `Previous ${noun}`, canGoBack, backRef)}
      {children}
      {button("forward", `Next ${noun}`, canGoForward, forwardRef)}
    </>
  );
}
