const COLORS = ['#FF8A3D', '#FFC23D', '#5CC86B', '#3DB6E8', '#7C6CF2', '#F2609E'];

/** A small decorative wheel (banners, the daily modal). */
export function WheelArt({ className }: { className?: string }) {
  return (
    <svg className={className} viewBox="-50 -50 100 100" aria-hidden="true">
      {COLORS.map((color, i) => {
        const a = (i * Math.PI) / 3;
        const b = ((i + 1) * Math.PI) / 3;
        return (
          <path
            key={color}
            d={`M0 0L${48 * Math.cos(a)} ${48 * Math.sin(a)}A48 48 0 0 1 ${48 * Math.cos(b)} ${48 * Math.sin(b)}Z`}
            fill={color}
          />
        );
      })}
      <circle r="10" fill="#fff" />
    </svg>
  );
}
