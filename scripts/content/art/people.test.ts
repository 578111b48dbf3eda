import { describe, expect, it } from 'vitest';
import { drawPerson } from './people';
import { MOODS, PEOPLE, PERSON_POSES, type PersonId } from './vocabulary';

const IDS = Object.keys(PEOPLE) as PersonId[];

/** Tiny XML well-formedness check: tags balanced, attributes quoted, no stray text. */
function checkXml(xml: string): string | null {
  const stack: string[] = [];
  const tag = /<(\/?)([a-zA-Z][\w:-]*)((?:\s+[a-zA-Z_:][\w:.-]*="[^"<>]*")*)\s*(\/?)>/y;
  let i = 0;
  while (i < xml.length) {
    const lt = xml.indexOf('<', i);
    const text = (lt < 0 ? xml.slice(i) : xml.slice(i, lt)).trim();
    if (text) return `stray text "${text.slice(0, 30)}" at ${i}`;
    if (lt < 0) break;
    tag.lastIndex = lt;
    const m = tag.exec(xml);
    if (!m) return `malformed tag at ${lt}: ${xml.slice(lt, lt + 60)}`;
    const [, close, name = '', attrs = '', selfClose] = m;
    const names = [...attrs.matchAll(/\s([\w:.-]+)=/g)].map((a) => a[1]);
    if (new Set(names).size !== names.length) return `duplicate attribute in <${name}>`;
    if (close) {
      if (stack.pop() !== name) return `unexpected </${name}> at ${lt}`;
    } else if (!selfClose) {
      stack.push(name);
    }
    i = tag.lastIndex;
  }
  return stack.length ? `unclosed <${stack.join('>, <')}>` : null;
}

describe('checkXml (the test helper itself)', () => {
  it('accepts good and rejects bad markup', () => {
    expect(checkXml('<svg><g a="1"><path d="M0 0"/></g></svg>')).toBeNull();
    expect(checkXml('<svg><g></svg>')).not.toBeNull();
    expect(checkXml('<svg><g a=1></g></svg>')).not.toBeNull();
    expect(checkXml('<svg>oops</svg>')).not.toBeNull();
    expect(checkXml('<svg><g a="1" a="2"></g></svg>')).not.toBeNull();
  });
});

describe('drawPerson', () => {
  for (const id of IDS) {
    it(`${id}: every pose × mood is well-formed, sized and has a sensible hand`, () => {
      for (const pose of PERSON_POSES) {
        for (const mood of MOODS) {
          const where = `${id}/${pose}/${mood}`;
          const d = drawPerson(id, { pose, mood });
          expect(d.svg.startsWith('<g'), where).toBe(true);
          expect(d.svg.endsWith('</g>'), where).toBe(true);
          expect(d.svg, where).not.toMatch(/NaN|undefined|Infinity|null/);
          expect(d.svg, where).not.toMatch(/<svg/);
          expect(
            checkXml(`<svg xmlns="http://www.w3.org/2000/svg">${d.svg}</svg>`),
            where,
          ).toBeNull();
          expect(d.svg.length, where).toBeLessThan(6 * 1024);
          for (const m of d.svg.matchAll(/stroke-width="([\d.]+)"/g)) {
            expect(Number(m[1]), where).toBeLessThanOrEqual(3);
          }
          expect(d.svg, where).not.toMatch(/\sid="/);
          expect(Number.isFinite(d.width) && d.width > 0, where).toBe(true);
          expect(Number.isFinite(d.height) && d.height > 0, where).toBe(true);
          expect(d.box.width).toBe(d.width);
          expect(d.box.height).toBe(d.height);
          const slack = 12;
          expect(d.hand.x, where).toBeGreaterThanOrEqual(d.box.x - slack);
          expect(d.hand.x, where).toBeLessThanOrEqual(d.box.x + d.box.width + slack);
          expect(d.hand.y, where).toBeGreaterThanOrEqual(d.box.y - slack);
          expect(d.hand.y, where).toBeLessThanOrEqual(d.box.y + d.box.height + slack);
        }
      }
    });
  }

  it('is deterministic', () => {
    for (const id of IDS) {
      for (const pose of PERSON_POSES) {
        const a = drawPerson(id, { pose, mood: 'excited' });
        const b = drawPerson(id, { pose, mood: 'excited' });
        expect(a).toEqual(b);
      }
    }
  });

  it('defaults to a happy standing figure', () => {
    expect(drawPerson('lele', {})).toEqual(drawPerson('lele', { pose: 'stand', mood: 'happy' }));
  });

  it('stands on the anchor at the expected heights', () => {
    for (const id of IDS) {
      const d = drawPerson(id, { pose: 'stand' });
      expect(Math.abs(d.box.y + d.box.height), id).toBeLessThan(1);
      expect(Math.abs(d.box.x + d.box.width / 2), id).toBeLessThan(15);
      const adult = ['mom', 'dad', 'grandma', 'grandpa', 'teacher'].includes(id);
      if (adult) {
        expect(d.height, id).toBeGreaterThan(300);
        expect(d.height, id).toBeLessThan(350);
      } else {
        expect(d.height, id).toBeGreaterThan(190);
        expect(d.height, id).toBeLessThan(250);
      }
    }
    expect(drawPerson('duoduo', {}).height).toBeLessThan(drawPerson('lele', {}).height);
  });

  it('places the pose-specific anchor points', () => {
    for (const id of IDS) {
      const stand = drawPerson(id, { pose: 'stand' });
      // jump: the whole body is in the air (the small motion marks stay above the ground too)
      const jump = drawPerson(id, { pose: 'jump' });
      expect(jump.box.y + jump.box.height, id).toBeLessThan(-2);
      // raised hands
      for (const pose of ['wave', 'jump'] as const) {
        const d = drawPerson(id, { pose });
        expect(d.hand.y, `${id} ${pose}`).toBeLessThan(stand.box.y + stand.box.height * 0.45);
      }
      // pointing / holding: hand in front of the body
      for (const pose of ['point', 'hold', 'hug'] as const) {
        expect(drawPerson(id, { pose }).hand.x, `${id} ${pose}`).toBeGreaterThan(
          stand.box.width / 3,
        );
      }
      // eat: hand up at the mouth, well above the shoulders' half of the body
      const eat = drawPerson(id, { pose: 'eat' });
      expect(eat.hand.y, id).toBeLessThan(-stand.height * 0.55);
      // sit: seat at y = 0, the lower legs hang below it, the figure is lower than standing
      const sit = drawPerson(id, { pose: 'sit' });
      expect(sit.box.y + sit.box.height, id).toBeGreaterThan(15);
      expect(sit.height, id).toBeLessThan(stand.height);
      // sleep: lying on the ground, wider than tall
      const sleep = drawPerson(id, { pose: 'sleep' });
      expect(Math.abs(sleep.box.y + sleep.box.height), id).toBeLessThan(1);
      expect(sleep.width, id).toBeGreaterThan(sleep.height);
    }
  });

  it('draws a different face for every mood and closes the eyes when sleeping', () => {
    for (const id of IDS) {
      const faces = new Set(MOODS.map((mood) => drawPerson(id, { pose: 'stand', mood }).svg));
      expect(faces.size, id).toBe(MOODS.length);
      const sleep = drawPerson(id, { pose: 'sleep', mood: 'happy' }).svg;
      expect(sleep).not.toContain('r="2.3" fill="#FFFFFF"'); // no open-eye highlights
    }
  });

  it('gives each person their own look', () => {
    const looks = new Set(IDS.map((id) => drawPerson(id, { pose: 'wave' }).svg));
    expect(looks.size).toBe(IDS.length);
  });

  it('takes the book colour for reading', () => {
    const d = drawPerson('lele', { pose: 'read', bookColor: '#E84A4A' });
    expect(d.svg).toContain('#E84A4A');
  });
});
