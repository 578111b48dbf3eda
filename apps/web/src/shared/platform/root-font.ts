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

export function applyRootFont(area: LayoutArea): void {
  const scale = rootFontScale(area, window.innerWidth, window.innerHeight);
  document.documentElement.style.fontSize = `${(16 * scale).toFixed(2)}px`;
}
