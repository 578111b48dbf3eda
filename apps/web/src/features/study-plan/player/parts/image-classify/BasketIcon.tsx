import type { TBasketIcon } from '@picbook/contracts';

/**
 * The sign on a basket: a small drawing a child knows without reading (no emoji: not every
 * device and browser draws the same ones, or any).
 */
export function BasketIcon({ icon }: { icon: TBasketIcon }) {
  return (
    <svg viewBox="0 0 48 48" width="48" height="48" aria-hidden="true" data-icon={icon}>
      {DRAWINGS[icon]}
    </svg>
  );
}

const stroke = { stroke: '#2d2a4a', strokeWidth: 3, strokeLinecap: 'round', fill: 'none' } as const;

const DRAWINGS: Record<TBasketIcon, React.ReactNode> = {
  thing: (
    <>
      <circle cx="24" cy="26" r="16" fill="#ff8a3d" />
      <path d="M9 22c8 5 22 5 30 0" stroke="#fff" strokeWidth="3" fill="none" />
      <circle cx="18" cy="18" r="3" fill="#fff" opacity="0.7" />
    </>
  ),
  action: (
    <>
      <circle cx="28" cy="9" r="5" fill="#3db6e8" />
      <path d="M26 16l-4 13 8 6 2 9M22 29l-8 12M14 22l8-6 8 4 6-3" {...stroke} />
    </>
  ),
  look: (
    <>
      <path
        d="M24 6C12 6 5 14 5 23c0 10 8 17 16 17 4 0 4-4 2-6s0-6 4-6h7c6 0 9-4 9-9C43 12 35 6 24 6z"
        fill="#ffc23d"
      />
      <circle cx="15" cy="20" r="3.5" fill="#e5484d" />
      <circle cx="23" cy="13" r="3.5" fill="#3db6e8" />
      <circle cx="32" cy="15" r="3.5" fill="#5cc86b" />
      <circle cx="14" cy="30" r="3.5" fill="#7c6cf2" />
    </>
  ),
  sky: (
    <>
      <path d="M30 6a16 16 0 1 0 12 26A13 13 0 0 1 30 6z" fill="#ffc23d" />
      <path d="M12 8l2 4 4 .6-3 3 .8 4.4-3.8-2-3.8 2 .8-4.4-3-3 4-.6z" fill="#ffc23d" />
    </>
  ),
  sleep: (
    <>
      <rect x="4" y="26" width="40" height="10" rx="3" fill="#7c6cf2" />
      <rect
        x="6"
        y="20"
        width="12"
        height="7"
        rx="3"
        fill="#fff1dc"
        stroke="#7c6cf2"
        strokeWidth="2"
      />
      <path d="M6 36v6M42 36v6" {...stroke} />
      <path d="M28 6h8l-8 8h8" {...stroke} strokeWidth={2.5} />
    </>
  ),
  season: (
    <>
      {[0, 72, 144, 216, 288].map((a) => (
        <circle
          key={a}
          cx={24 + 9 * Math.cos((a * Math.PI) / 180)}
          cy={20 + 9 * Math.sin((a * Math.PI) / 180)}
          r="7"
          fill="#f2609e"
        />
      ))}
      <circle cx="24" cy="20" r="5" fill="#ffc23d" />
      <path d="M24 30v15" stroke="#3fa84f" strokeWidth="3" />
    </>
  ),
  tree: (
    <>
      <rect x="21" y="28" width="6" height="16" rx="2" fill="#a0643c" />
      <circle cx="24" cy="20" r="14" fill="#5cc86b" />
      <circle cx="18" cy="16" r="4" fill="#3fa84f" />
    </>
  ),
};
