// The Probe States card's share ring (docs/screens.md (Probe States card)): the arc is the share of the total, the
// percentage inside it, and the aria-label says both counts.
const ringSize = 52;
const ringCentre = ringSize / 2;
const ringThickness = 6;
const ringRadius = (ringSize * 0.9 - ringThickness * 2) / 2;
const ringLength = 2 * Math.PI * ringRadius;

/**
 * A share as a ring, its percentage inside. Plain SVG, not Mantine's RingProgress: each of that one's arcs mounts
 * a floating tooltip whose position hooks read the layout of every scrolling ancestor, and parses its theme colour,
 * at every render. The counts change at every applied frame of a snapshot, so the three rings cost more of the
 * sign-in's frames than the rows did (docs/decisions/dashboard.md#plain-svg-share-rings). Same size, arc and colours as before.
 */
export function ShareRing({
  share,
  colour,
  label,
  size = ringSize,
}: {
  share: number;
  colour: string;
  label: string;
  size?: number;
}) {
  const arc = (ringLength * share) / 100;
  // Drawn at 52 px and scaled (a phone's are smaller, so that the three share one line).
  return (
    <svg width={size} height={size} viewBox={`0 0 ${ringSize} ${ringSize}`} role="img" aria-label={label}>
      <circle
        cx={ringCentre}
        cy={ringCentre}
        r={ringRadius}
        fill="none"
        stroke="var(--mantine-color-gray-2)"
        strokeWidth={ringThickness}
      />
      {share > 0 && (
        <circle
          cx={ringCentre}
          cy={ringCentre}
          r={ringRadius}
          fill="none"
          stroke={colour}
          strokeWidth={ringThickness}
          strokeLinecap="round"
          strokeDasharray={`${arc} ${ringLength}`}
          transform={`rotate(-90 ${ringCentre} ${ringCentre})`}
        />
      )}
      <text
        x={ringCentre}
        y={ringCentre + 3.5}
        textAnchor="middle"
        fontSize={10}
        fontWeight={700}
        fill="currentColor"
        aria-hidden="true"
      >
        {Math.round(share)}%
      </text>
    </svg>
  );
}
