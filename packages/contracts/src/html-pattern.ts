/**
 * An HTML `pattern` attribute for a schema's regular expression (decision 097).
 *
 * Browsers compile `pattern` as `^(?:p)$` with the `v` flag, which is stricter than the plain
 * expressions the schemas are written with: inside a character class `-` at an edge and the
 * punctuation `( ) [ ] { } / | & ! # % , : ; < = > @ \` ~` (and doubled `. * + ? $ ^`) must be
 * escaped, and identity escapes of other characters (`\_`) are errors. A pattern the browser
 * cannot compile is silently ignored, so the form checks nothing; this rewrites the expression
 * into `v` syntax with the same meaning, or answers null when it cannot (the form then checks
 * with the schema's own expression in script, and the server checks again anyway).
 */
export function htmlPattern(source: string): string | null {
  const rewritten = toVSyntax(source);
  if (rewritten === null) return null;
  // Browsers match the whole value; a schema's expression matches anywhere unless anchored.
  const body = wholeValue(source) ? rewritten : `[\\s\\S]*(?:${rewritten})[\\s\\S]*`;
  try {
    new RegExp(`^(?:${body})$`, 'v');
    return body;
  } catch {
    return null;
  }
}

/** `^…$` with no top-level alternative: already a whole-value match. */
function wholeValue(source: string): boolean {
  if (!source.startsWith('^') || !source.endsWith('$') || escapedAt(source, source.length - 1)) {
    return false;
  }
  let depth = 0;
  let inClass = false;
  for (let i = 0; i < source.length; i++) {
    const c = source[i];
    if (c === '\\') {
      i++;
      continue;
    }
    if (inClass) {
      if (c === ']') inClass = false;
    } else if (c === '[') inClass = true;
    else if (c === '(') depth++;
    else if (c === ')') depth--;
    else if (c === '|' && depth === 0) return false;
  }
  return true;
}

function escapedAt(s: string, index: number): boolean {
  let slashes = 0;
  for (let i = index - 1; i >= 0 && s[i] === '\\'; i--) slashes++;
  return slashes % 2 === 1;
}

/** Characters that have a meaning outside a class (escaping them is allowed in `v` mode). */
const SYNTAX = new Set([...'^$\\.*+?()[]{}|/']);
/** Characters a `v`-mode class needs escaped to mean themselves (all may be escaped). */
const CLASS_ESCAPE = new Set([...SYNTAX, ...'-&!#%,:;<=>@`~']);
/** Escapes that stand for a set of characters (never an end of a range). */
const CLASS_ESCAPES = new Set([...'dDwWsSpP']);

function toVSyntax(source: string): string | null {
  let out = '';
  let inClass = false;
  // Inside a class: whether the last thing was one character (a range may start from it), and
  // whether a `-` range operator waits for its end.
  let single = false;
  let rangeOpen = false;
  const atom = (text: string, isSingle: boolean) => {
    out += text;
    single = isSingle && !rangeOpen;
    rangeOpen = false;
  };
  for (let i = 0; i < source.length; i++) {
    const c = source[i] as string;
    if (c === '\\') {
      const next = source[i + 1];
      if (next === undefined) return null;
      let end = i + 1;
      if ((next === 'p' || next === 'P' || next === 'u') && source[i + 2] === '{') {
        end = source.indexOf('}', i + 2);
        if (end < 0) return null;
      } else if (next === 'u') end = i + 5;
      else if (next === 'x') end = i + 3;
      else if (next === 'c') end = i + 2;
      const sequence = source.slice(i, end + 1);
      i = end;
      if (/^[A-Za-z0-9]$/.test(next)) {
        if (inClass) atom(sequence, !CLASS_ESCAPES.has(next));
        else out += sequence;
      } else if (inClass) {
        // `\.` `\-` `\_`: the character itself, escaped only where `v` needs it.
        atom(CLASS_ESCAPE.has(next) ? `\\${next}` : next, true);
      } else {
        out += SYNTAX.has(next) ? `\\${next}` : next;
      }
      continue;
    }
    if (!inClass) {
      if (c === '[') {
        inClass = true;
        single = false;
        rangeOpen = false;
        out += '[';
        if (source[i + 1] === '^') {
          out += '^';
          i++;
        }
        // `[]` and `[^]` as in plain expressions: a first `]` is the end.
      } else if (c === '{') {
        const quantifier = /^\{\d+(,\d*)?\}/.exec(source.slice(i))?.[0];
        out += quantifier ?? '\\{';
        if (quantifier) i += quantifier.length - 1;
      } else if (c === ']' || c === '}') {
        out += `\\${c}`;
      } else {
        out += c;
      }
      continue;
    }
    if (c === ']') {
      if (rangeOpen) out = `${out.slice(0, -1)}\\-`;
      inClass = false;
      out += ']';
    } else if (c === '-' && single && source[i + 1] !== ']' && source[i + 1] !== undefined) {
      out += '-';
      single = false;
      rangeOpen = true;
    } else {
      atom(CLASS_ESCAPE.has(c) ? `\\${c}` : c, true);
    }
  }
  return inClass ? null : out;
}
