/** Three books standing on a shelf (the bookshelf buttons). */
export function ShelfIcon() {
  return (
    <svg viewBox="0 0 40 40" width="32" height="32" aria-hidden="true">
      <rect x="5" y="8" width="7" height="24" rx="2" fill="#FF8A3D" />
      <rect x="13.5" y="5" width="7" height="27" rx="2" fill="#3DB6E8" />
      <rect
        x="22"
        y="11"
        width="6"
        height="21"
        rx="2"
        fill="#5CC86B"
        transform="rotate(-12 25 21)"
      />
      <rect x="3" y="32" width="34" height="4" rx="2" fill="#B9865A" />
    </svg>
  );
}
