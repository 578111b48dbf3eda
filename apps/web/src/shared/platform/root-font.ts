/**
 * Root font size from the viewport. 1rem = 16 design px. The child area is designed at
 * 1024×768 landscape and scaled to fit both sides; the parents' area at 768 wide portrait.
 * Floors keep touch targets and text usable on small phones (a 812×375 phone would otherwise
 * shrink everything to half size).
 */
export type LayoutArea = 'child' | 'parents';

export const DESIGN = {
  child: { width: 1024, height: 768, min: 0.8, max: 1.6 },
  parents: { width: 768, min: 0.9, max: 1.3 },
} as const;

export function rootFontScale(area: LayoutArea, width: number, height: number): number {
  if (area === 'parents') {
    const s = width / DESIGN.parents.width;
    return clamp(s, DESIGN.parents.min, DESIGN.parents.max);
  }
  // Landscape design on a portrait screen: scale from the long side as if rotated.
  const w = Math.max(width, height);
  const h = Math.min(width, height);
  const s = Math.min(w / DESIGN.child.width, h / DESIGN.child.height);
  return clamp(s, DESIGN.child.min, DESIGN.child.max);
}

function clamp(value: number, min: number, max: number): number {
  return Math.min(max, Math.max(min, value));
}

export interface ViewportSize {
  width: number;
  height: number;
}

let known: ViewportSize | null = null;
/** The last font size written (the style reads it back normalised: 12.80px as 12.8px). */
let applied = '';

const readViewport = (): ViewportSize => ({ width: window.innerWidth, height: window.innerHeight });

/**
 * The viewport's size, read once and again on every resize. Reading `window.innerWidth` makes
 * the browser lay the page out first: read from a render's layout effect, it laid out the whole
 * freshly rendered page a second time (once before the root font changed, once after), about
 * 40 ms per first load on a phone (decision 083).
 */
export function viewportSize(): ViewportSize {
  if (!known) {
    known = readViewport();
    window.addEventListener('resize', () => {
      known = readViewport();
    });
  }
  return known;
}

/**
 * Sets the root font of `area` for the viewport (`size`, the last known one by default). Writes
 * nothing when the font is already that size, so the page's styles are not recalculated.
 */
export function applyRootFont(area: LayoutArea, size: ViewportSize = viewportSize()): void {
  const fontSize = `${(16 * rootFontScale(area, size.width, size.height)).toFixed(2)}px`;
  if (fontSize === applied && document.documentElement.style.fontSize !== '') return;
  applied = fontSize;
  document.documentElement.style.fontSize = fontSize;
}
