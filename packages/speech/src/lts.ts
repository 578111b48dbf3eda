/**
 * Letter-to-sound fallback for words that are in no dictionary.
 *
 * Implements the classic NRL rules: H. S. Elovitz, R. W. Johnson, A. McHugh and
 * J. E. Shore, "Automatic Translation of English Text to Phonetics by Means of
 * Letter-to-Sound Rules", NRL Report 7948, Naval Research Laboratory, 1976
 * (also IEEE Trans. ASSP 24(6), 1976) — a US Government work in the public domain.
 * The rule list follows the widely circulated transcription of the report's rules
 * (J. A. Wasser's public-domain `english.c`); the phones are emitted directly in the
 * acoustic model's ARPAbet (AX → AH, WH → W).
 *
 * Each rule is `left|match|right|phones`. The word is upper-cased and padded with one
 * space either side; for each position the rules of the current letter are tried in
 * order and the first whose match string and both contexts fit emits its phones.
 * Context symbols:
 *   (space) word boundary          #  one or more vowels (A E I O U)
 *   :  zero or more consonants     ^  exactly one consonant
 *   .  one voiced consonant (B D V G J L M N R W Z)
 *   +  one front vowel (E I Y)     %  a suffix: ER E ES ED ING ELY (right context only)
 * Any other character must match literally. An empty context matches anything.
 */

const RULES: Readonly<Record<string, readonly string[]>> = {
  "'": [".|'S||Z", "#:.E|'S||Z", "#|'S||Z", "|'||"],
  A: [
    '|A| |AH',
    ' |ARE| |AA R',
    ' |AR|O|AH R',
    '|AR|#|EH R',
    '^|AS|#|EY S',
    '|A|WA|AH',
    '|AW||AO',
    ' :|ANY||EH N IY',
    '|A|^+#|EY',
    '#:|ALLY||AH L IY',
    ' |AL|#|AH L',
    '|AGAIN||AH G EH N',
    '#:|AG|E|IH JH',
    '|A|^+:#|AE',
    ' :|A|^+ |EY',
    '|A|^%|EY',
    ' |ARR||AH R',
    '|ARR||AE R',
    ' :|AR| |AA R',
    '|AR| |ER',
    '|AR||AA R',
    '|AIR||EH R',
    '|AI||EY',
    '|AY||EY',
    '|AU||AO',
    '#:|AL| |AH L',
    '#:|ALS| |AH L Z',
    '|ALK||AO K',
    '|AL|^|AO L',
    ' :|ABLE||EY B AH L',
    '|ABLE||AH B AH L',
    '|ANG|+|EY N JH',
    '|A||AE',
  ],
  B: [
    ' |BE|^#|B IH',
    '|BEING||B IY IH NG',
    ' |BOTH| |B OW TH',
    ' |BUS|#|B IH Z',
    '|BUIL||B IH L',
    '|B||B',
  ],
  C: [
    ' |CH|^|K',
    '^E|CH||K',
    '|CH||CH',
    ' S|CI|#|S AY',
    '|CI|A|SH',
    '|CI|O|SH',
    '|CI|EN|SH',
    '|C|+|S',
    '|CK||K',
    '|COM|%|K AH M',
    '|C||K',
  ],
  D: [
    '#:|DED| |D IH D',
    '.E|D| |D',
    '#:^E|D| |T',
    ' |DE|^#|D IH',
    ' |DO| |D UW',
    ' |DOES||D AH Z',
    ' |DOING||D UW IH NG',
    ' |DOW||D AW',
    '|DU|A|JH UW',
    '|D||D',
  ],
  E: [
    '#:|E| |',
    "':^|E| |",
    ' :|E| |IY',
    '#|ED| |D',
    '#:|E|D |',
    '|EV|ER|EH V',
    '|E|^%|IY',
    '|ERI|#|IY R IY',
    '|ERI||EH R IH',
    '#:|ER|#|ER',
    '|ER|#|EH R',
    '|ER||ER',
    ' |EVEN||IY V EH N',
    '#:|E|W|',
    'T|EW||UW',
    'S|EW||UW',
    'R|EW||UW',
    'D|EW||UW',
    'L|EW||UW',
    'Z|EW||UW',
    'N|EW||UW',
    'J|EW||UW',
    'TH|EW||UW',
    'CH|EW||UW',
    'SH|EW||UW',
    '|EW||Y UW',
    '|E|O|IY',
    '#:S|ES| |IH Z',
    '#:C|ES| |IH Z',
    '#:G|ES| |IH Z',
    '#:Z|ES| |IH Z',
    '#:X|ES| |IH Z',
    '#:J|ES| |IH Z',
    '#:CH|ES| |IH Z',
    '#:SH|ES| |IH Z',
    '#:|E|S |',
    '#:|ELY| |L IY',
    '#:|EMENT||M EH N T',
    '|EFUL||F UH L',
    '|EE||IY',
    '|EARN||ER N',
    ' |EAR|^|ER',
    '|EAD||EH D',
    '#:|EA| |IY AH',
    '|EA|SU|EH',
    '|EA||IY',
    '|EIGH||EY',
    '|EI||IY',
    ' |EYE||AY',
    '|EY||IY',
    '|EU||Y UW',
    '|E||EH',
  ],
  F: ['|FUL||F UH L', '|F||F'],
  G: [
    '|GIV||G IH V',
    ' |G|I^|G',
    '|GE|T|G EH',
    'SU|GGES||G JH EH S',
    '|GG||G',
    ' B#|G||G',
    '|G|+|JH',
    '|GREAT||G R EY T',
    '#|GH||',
    '|G||G',
  ],
  H: [' |HAV||HH AE V', ' |HERE||HH IY R', ' |HOUR||AW ER', '|HOW||HH AW', '|H|#|HH', '|H||'],
  I: [
    ' |IN||IH N',
    ' |I| |AY',
    '|IN|D|AY N',
    '|IER||IY ER',
    '#:R|IED||IY D',
    '|IED| |AY D',
    '|IEN||IY EH N',
    '|IE|T|AY EH',
    ' :|I|%|AY',
    '|I|%|IY',
    '|IE||IY',
    '|I|^+:#|IH',
    '|IR|#|AY R',
    '|IZ|%|AY Z',
    '|IS|%|AY Z',
    '|I|D%|AY',
    '+^|I|^+|IH',
    '|I|T%|AY',
    '#:^|I|^+|IH',
    '|I|^+|AY',
    '|IR||ER',
    '|IGH||AY',
    '|ILD||AY L D',
    '|IGN| |AY N',
    '|IGN|^|AY N',
    '|IGN|%|AY N',
    '|IQUE||IY K',
    '|I||IH',
  ],
  J: ['|J||JH'],
  K: [' |K|N|', '|K||K'],
  L: ['|LO|C#|L OW', 'L|L||', '#:^|L|%|AH L', '|LEAD||L IY D', '|L||L'],
  M: ['|MOV||M UW V', '|M||M'],
  N: [
    'E|NG|+|N JH',
    '|NG|R|NG G',
    '|NG|#|NG G',
    '|NGL|%|NG G AH L',
    '|NG||NG',
    '|NK||NG K',
    ' |NOW| |N AW',
    '|N||N',
  ],
  O: [
    '|OF| |AH V',
    '|OROUGH||ER OW',
    '#:|OR| |ER',
    '#:|ORS| |ER Z',
    '|OR||AO R',
    ' |ONE||W AH N',
    '|OW||OW',
    ' |OVER||OW V ER',
    '|OV||AH V',
    '|O|^%|OW',
    '|O|^EN|OW',
    '|O|^I#|OW',
    '|OL|D|OW L',
    '|OUGHT||AO T',
    '|OUGH||AH F',
    ' |OU||AW',
    'H|OU|S#|AW',
    '|OUS||AH S',
    '|OUR||AO R',
    '|OULD||UH D',
    '^|OU|^L|AH',
    '|OUP||UW P',
    '|OU||AW',
    '|OY||OY',
    '|OING||OW IH NG',
    '|OI||OY',
    '|OOR||AO R',
    '|OOK||UH K',
    '|OOD||UH D',
    '|OO||UW',
    '|O|E|OW',
    '|O| |OW',
    '|OA||OW',
    ' |ONLY||OW N L IY',
    ' |ONCE||W AH N S',
    "|ON'T||OW N T",
    'C|O|N|AA',
    '|O|NG|AO',
    ' :^|O|N|AH',
    'I|ON||AH N',
    '#:|ON| |AH N',
    '#^|ON||AH N',
    '|O|ST |OW',
    '|OF|^|AO F',
    '|OTHER||AH DH ER',
    '|OSS| |AO S',
    '#:^|OM||AH M',
    '|O||AA',
  ],
  P: ['|PH||F', '|PEOP||P IY P', '|POW||P AW', '|PUT| |P UH T', '|P||P'],
  Q: ['|QUAR||K W AO R', '|QU||K W', '|Q||K'],
  R: [' |RE|^#|R IY', '|R||R'],
  S: [
    '|SH||SH',
    '#|SION||ZH AH N',
    '|SOME||S AH M',
    '#|SUR|#|ZH ER',
    '|SUR|#|SH ER',
    '#|SU|#|ZH UW',
    '#|SSU|#|SH UW',
    '#|SED| |Z D',
    '#|S|#|Z',
    '|SAID||S EH D',
    '^|SION||SH AH N',
    '|S|S|',
    '.|S| |Z',
    '#:.E|S| |Z',
    '#:^##|S| |Z',
    '#:^#|S| |S',
    'U|S| |S',
    ' :#|S| |Z',
    ' |SCH|#|S K',
    ' |SCH||SH',
    '|S|C+|',
    '#|SM||Z M',
    "#|SN|'|Z AH N",
    '|S||S',
  ],
  T: [
    ' |THE| |DH AH',
    '|TO| |T UW',
    '|THAT| |DH AE T',
    ' |THIS| |DH IH S',
    ' |THEY||DH EY',
    ' |THERE||DH EH R',
    '|THER||DH ER',
    '|THEIR||DH EH R',
    ' |THAN| |DH AE N',
    ' |THEM| |DH EH M',
    '|THESE| |DH IY Z',
    ' |THEN||DH EH N',
    '|THROUGH||TH R UW',
    '|THOSE||DH OW Z',
    '|THOUGH| |DH OW',
    ' |THUS||DH AH S',
    '|TH||TH',
    '#:|TED| |T IH D',
    'S|TI|#N|CH',
    '|TI|O|SH',
    '|TI|A|SH',
    '|TIEN||SH AH N',
    '|TUR|#|CH ER',
    '|TU|A|CH UW',
    ' |TWO||T UW',
    '|T||T',
  ],
  U: [
    ' |UN|I|Y UW N',
    ' |UN||AH N',
    ' |UPON||AH P AO N',
    'T|UR|#|UH R',
    'S|UR|#|UH R',
    'R|UR|#|UH R',
    'D|UR|#|UH R',
    'L|UR|#|UH R',
    'Z|UR|#|UH R',
    'N|UR|#|UH R',
    'J|UR|#|UH R',
    'TH|UR|#|UH R',
    'CH|UR|#|UH R',
    'SH|UR|#|UH R',
    '|UR|#|Y UH R',
    '|UR||ER',
    '|U|^ |AH',
    '|U|^^|AH',
    '|UY||AY',
    ' G|U|#|',
    'G|U|%|',
    'G|U|#|W',
    '#N|U||Y UW',
    'T|U||UW',
    'S|U||UW',
    'R|U||UW',
    'D|U||UW',
    'L|U||UW',
    'Z|U||UW',
    'N|U||UW',
    'J|U||UW',
    'TH|U||UW',
    'CH|U||UW',
    'SH|U||UW',
    '|U||Y UW',
  ],
  V: ['|VIEW||V Y UW', '|V||V'],
  W: [
    ' |WERE||W ER',
    '|WA|S|W AA',
    '|WA|T|W AA',
    '|WHERE||W EH R',
    '|WHAT||W AA T',
    '|WHOL||HH OW L',
    '|WHO||HH UW',
    '|WH||W',
    '|WAR||W AO R',
    '|WOR|^|W ER',
    '|WR||R',
    '|W||W',
  ],
  X: ['|X||K S'],
  Y: [
    '|YOUNG||Y AH NG',
    ' |YOU||Y UW',
    ' |YES||Y EH S',
    ' |Y||Y',
    '#:^|Y| |IY',
    '#:^|Y|I|IY',
    ' :|Y| |AY',
    ' :|Y|#|AY',
    ' :|Y|^+:#|IH',
    ' :|Y|^#|AY',
    '|Y||IH',
  ],
  Z: ['|Z||Z'],
};

interface Rule {
  left: string;
  match: string;
  right: string;
  phones: readonly string[];
}

function parseRules(): ReadonlyMap<string, readonly Rule[]> {
  const table = new Map<string, Rule[]>();
  for (const [letter, rules] of Object.entries(RULES)) {
    table.set(
      letter,
      rules.map((rule) => {
        const [left = '', match = '', right = '', phones = ''] = rule.split('|');
        if (!match.startsWith(letter)) throw new Error(`Bad LTS rule for ${letter}: ${rule}`);
        return { left, match, right, phones: phones.split(' ').filter((p) => p !== '') };
      }),
    );
  }
  return table;
}

let parsedRules: ReadonlyMap<string, readonly Rule[]> | undefined;

const isVowel = (c: string): boolean =>
  c === 'A' || c === 'E' || c === 'I' || c === 'O' || c === 'U';
const isConsonant = (c: string): boolean => c >= 'A' && c <= 'Z' && !isVowel(c);
const isVoiced = (c: string): boolean => c.length === 1 && 'BDVGJLMNRWZ'.includes(c);
const isFront = (c: string): boolean => c === 'E' || c === 'I' || c === 'Y';

/** Character at `i` of the padded word; anything outside it is a boundary. */
const at = (text: string, i: number): string =>
  i >= 0 && i < text.length ? (text[i] ?? ' ') : ' ';

/** Does `pattern` match the text ending just before `end` (scanning leftwards)? */
function matchLeft(pattern: string, text: string, end: number): boolean {
  let i = end;
  for (let p = pattern.length - 1; p >= 0; p--) {
    const sym = pattern[p] ?? '';
    switch (sym) {
      case '#':
        if (!isVowel(at(text, i))) return false;
        while (isVowel(at(text, i))) i--;
        break;
      case ':':
        while (isConsonant(at(text, i))) i--;
        break;
      case '^':
        if (!isConsonant(at(text, i))) return false;
        i--;
        break;
      case '.':
        if (!isVoiced(at(text, i))) return false;
        i--;
        break;
      case '+':
        if (!isFront(at(text, i))) return false;
        i--;
        break;
      default:
        if (at(text, i) !== sym) return false;
        i--;
    }
  }
  return true;
}

/** Does `pattern` match the text starting at `start` (scanning rightwards)? */
function matchRight(pattern: string, text: string, start: number): boolean {
  let i = start;
  for (const sym of pattern) {
    switch (sym) {
      case '#':
        if (!isVowel(at(text, i))) return false;
        while (isVowel(at(text, i))) i++;
        break;
      case ':':
        while (isConsonant(at(text, i))) i++;
        break;
      case '^':
        if (!isConsonant(at(text, i))) return false;
        i++;
        break;
      case '.':
        if (!isVoiced(at(text, i))) return false;
        i++;
        break;
      case '+':
        if (!isFront(at(text, i))) return false;
        i++;
        break;
      case '%': {
        // One of the suffixes ER, E, ES, ED, ING, ELY (as in the original: greedy).
        const c = at(text, i);
        if (c === 'E') {
          i++;
          const next = at(text, i);
          if (next === 'L' && at(text, i + 1) === 'Y') i += 2;
          else if (next === 'R' || next === 'S' || next === 'D') i++;
        } else if (c === 'I' && at(text, i + 1) === 'N' && at(text, i + 2) === 'G') {
          i += 3;
        } else {
          return false;
        }
        break;
      }
      default:
        if (at(text, i) !== sym) return false;
        i++;
    }
  }
  return true;
}

/** Spelled-out letter names, used when the rules produce nothing at all ("hm", "shh"). */
const LETTER_NAMES: Readonly<Record<string, string>> = {
  A: 'EY',
  B: 'B IY',
  C: 'S IY',
  D: 'D IY',
  E: 'IY',
  F: 'EH F',
  G: 'JH IY',
  H: 'EY CH',
  I: 'AY',
  J: 'JH EY',
  K: 'K EY',
  L: 'EH L',
  M: 'EH M',
  N: 'EH N',
  O: 'OW',
  P: 'P IY',
  Q: 'K Y UW',
  R: 'AA R',
  S: 'EH S',
  T: 'T IY',
  U: 'Y UW',
  V: 'V IY',
  W: 'D AH B AH L Y UW',
  X: 'EH K S',
  Y: 'W AY',
  Z: 'Z IY',
};

/**
 * Guesses a pronunciation (model ARPAbet, no stress) for an English-looking word with
 * the NRL letter-to-sound rules. Letters outside a–z are ignored; apostrophes are
 * honoured ("'s", "n't"). Identical adjacent phones are merged ("little" → L IH T AH L).
 * Returns `[]` only when the word has no letters a–z at all.
 */
export function letterToSound(word: string): string[] {
  parsedRules ??= parseRules();
  const letters = word
    .normalize('NFKD')
    .toUpperCase()
    .replace(/[\u2018\u2019\u02bc]/g, "'")
    .replace(/[^A-Z']/g, '');
  if (!/[A-Z]/.test(letters)) return [];
  const text = ` ${letters} `;
  const phones: string[] = [];
  let i = 1;
  while (i < text.length - 1) {
    const rules = parsedRules.get(at(text, i)) ?? [];
    let advanced = false;
    for (const rule of rules) {
      if (!text.startsWith(rule.match, i)) continue;
      if (!matchLeft(rule.left, text, i - 1)) continue;
      if (!matchRight(rule.right, text, i + rule.match.length)) continue;
      phones.push(...rule.phones);
      i += rule.match.length;
      advanced = true;
      break;
    }
    if (!advanced) i++;
  }
  const merged = phones.filter((p, k) => p !== phones[k - 1]);
  if (merged.length > 0) return merged;
  return [...letters.replace(/'/g, '')].flatMap((c) => (LETTER_NAMES[c] ?? '').split(' '));
}
