import fs from 'node:fs';

/** ARPAbet pronunciations from content/lexicon.json (e.g. "lele": "L AH1 L AH0"). */
export type Lexicon = Record<string, string>;

export function readLexicon(file: string): Lexicon {
  return JSON.parse(fs.readFileSync(file, 'utf8')) as Lexicon;
}

const VOWELS = new Set([
  'AA',
  'AE',
  'AH',
  'AO',
  'AW',
  'AY',
  'EH',
  'ER',
  'EY',
  'IH',
  'IY',
  'OW',
  'OY',
  'UH',
  'UW',
]);

/**
 * ARPAbet → a Festival lexicon entry for the CMU lexicon the slt voice uses: lower-case phones,
 * unstressed AH/ER as ax/axr, syllables split before each vowel's onset consonant.
 */
export function festivalEntry(word: string, arpabet: string): string {
  const phones = arpabet.trim().split(/\s+/);
  const syllables: Array<{ phones: string[]; stress: number }> = [];
  let onset: string[] = [];
  for (const phone of phones) {
    const base = phone.replace(/\d$/, '');
    if (VOWELS.has(base)) {
      const stress = Number(phone.slice(-1)) || 0;
      let name = base.toLowerCase();
      if (stress === 0 && base === 'AH') name = 'ax';
      if (stress === 0 && base === 'ER') name = 'axr';
      // One consonant of a cluster stays as the next syllable's onset; the rest end the previous one.
      const prev = syllables.at(-1);
      if (prev && onset.length > 1) prev.phones.push(...onset.splice(0, onset.length - 1));
      syllables.push({ phones: [...onset, name], stress: stress > 0 ? 1 : 0 });
      onset = [];
    } else {
      onset.push(base.toLowerCase());
    }
  }
  const last = syllables.at(-1);
  if (last) last.phones.push(...onset);
  // Sound words without a vowel ("shh", "hmm") are one syllable of consonants.
  else syllables.push({ phones: onset, stress: 1 });
  const body = syllables.map((s) => `((${s.phones.join(' ')}) ${s.stress})`).join(' ');
  return `(lex.add.entry '("${word.toLowerCase()}" nil (${body})))`;
}
