import { Art, finish } from './animals';
import type { Color, Drawing } from './types';
import type { PropId } from './vocabulary';

export function drawProp(_id: PropId, _options: { color?: Color } = {}): Drawing {
  const a = new Art();
  a.circle(0, 0, 20, '#ccc');
  return finish(a, 'centre');
}
