import { useId } from "react";
import styles from "./agency.module.css";

/** Each a set of the site's art tokens in agency.module.css, as the policy allows no style attribute. */
export type PortraitPalette = "ember" | "mustard" | "forest" | "sky";

export type PortraitSymbol = "spark" | "triangle" | "code" | "speech";

const symbols: Record<PortraitSymbol, string> = {
  spark: "M330 40 L338 72 L370 80 L338 88 L330 120 L322 88 L290 80 L322 72 Z",
  triangle: "M330 42 L372 116 L288 116 Z",
  code: "M306 54 L282 80 L306 106 M354 54 L378 80 L354 106 M340 48 L320 112",
  speech: "M284 50 H376 V102 H322 L300 122 V102 H284 Z",
};

/** Our own artwork, so the team appears by role and nobody's face is invented. */
export function TeamPortrait({
  monogram,
  palette,
  symbol,
  pose,
}: {
  monogram: string;
  palette: PortraitPalette;
  symbol: PortraitSymbol;
  /** Where the halo sits and how the figure leans, so four portraits side by side never look stamped out. */
  pose: 0 | 1 | 2 | 3;
}) {
  const id = useId().replace(/:/g, "");
  const halo = [
    { x: 250, y: 190, r: 120 },
    { x: 150, y: 230, r: 130 },
    { x: 230, y: 250, r: 110 },
    { x: 170, y: 180, r: 125 },
  ][pose] ?? { x: 200, y: 200, r: 120 };
  const lean = [-3, 4, -6, 2][pose] ?? 0;
  const stroked = symbol === "code";
  return (
    <svg className={styles.portrait} data-palette={palette} viewBox="0 0 400 500" aria-hidden="true" focusable="false">
      <defs>
        <filter id={`${id}-grain`} x="0" y="0" width="100%" height="100%">
          <feTurbulence type="fractalNoise" baseFrequency="0.9" numOctaves="2" stitchTiles="stitch" />
          <feColorMatrix type="matrix" values="0 0 0 0 0  0 0 0 0 0  0 0 0 0 0  0 0 0 0.2 0" />
          <feComposite in2="SourceGraphic" operator="in" />
        </filter>
        <clipPath id={`${id}-frame`}>
          <rect width="400" height="500" />
        </clipPath>
      </defs>
      <g clipPath={`url(#${id}-frame)`}>
        <rect width="400" height="500" className={styles.portraitGround} />
        {[0, 1, 2, 3, 4, 5, 6].map((band) => (
          <path
            key={band}
            d={`M-20 ${60 + band * 66} C 110 ${30 + band * 66 + pose * 7}, 270 ${96 + band * 66}, 420 ${52 + band * 66 - pose * 6}`}
            className={styles.portraitStrata}
            strokeWidth={band % 2 ? 2 : 8}
          />
        ))}
        <circle cx={halo.x} cy={halo.y} r={halo.r} className={styles.portraitHalo} />
        <g transform={`rotate(${lean} 200 500)`}>
          <path d="M40 520 A160 160 0 0 1 360 520 Z" className={styles.portraitFigure} />
          <circle cx="200" cy="236" r="78" className={styles.portraitFigure} />
          <path d="M200 158 A78 78 0 0 1 200 314 Z" className={styles.portraitGround} opacity="0.28" />
          <path d="M200 360 A160 160 0 0 1 360 520 L200 520 Z" className={styles.portraitGround} opacity="0.28" />
        </g>
        <path
          d={symbols[symbol]}
          className={stroked ? styles.portraitMarkStroked : styles.portraitMark}
          strokeWidth={stroked ? 12 : undefined}
          strokeLinecap="round"
          strokeLinejoin="round"
        />
        <rect width="400" height="500" filter={`url(#${id}-grain)`} className={styles.portraitGround} />
        <text className={`${styles.monogram} ${styles.portraitMark}`} x="28" y="82">
          {monogram}
        </text>
      </g>
    </svg>
  );
}
