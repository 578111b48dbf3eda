// Issue 36 experiment (decision 102, fourth pass): the features `calibrate.ts --asr-features`
// reads, from the lines moonshine-features.mjs wrote (one recording a line):
//   node scripts/speech/asr-features.mjs features_base.jsonl asr.json
// Sentence: the all-lower-case text's log-probability per token, mean entropy, mean of the words'
// mean log-probabilities and share of words below −2; the sentence-case text's log-probability
// per token, its ratio to the greedy transcription's, its mean margin; the transcription's word
// error rate. Words (the sentence-case text's): sum, min and first token's log-probability,
// mean margin, whether every token was the model's first choice.
import fs from 'node:fs';

const [input, output] = process.argv.slice(2);
if (!input || !output) throw new Error('usage: asr-features.mjs <features.jsonl> <out.json>');
const mean = (xs) => xs.reduce((a, b) => a + b, 0) / xs.length;
const out = {};
let skipped = 0;
for (const line of fs.readFileSync(input, 'utf8').split('\n')) {
  if (!line.trim()) continue;
  const u = JSON.parse(line);
  const lower = u.tf_lower;
  const sent = u.tf_sent;
  const words = lower.words;
  if (words.length === 0 || sent.words.length !== words.length) {
    skipped++;
    continue;
  }
  const tokens = words.reduce((a, w) => a + w.ntok, 0);
  out[u.id] = {
    sentence: {
      asr_lp_tok: lower.total_lp / lower.ntok,
      asr_entropy: words.reduce((a, w) => a + w.ent_mean * w.ntok, 0) / tokens,
      asr_word_mean: mean(words.map((w) => w.mean)),
      asr_below2: mean(words.map((w) => (w.mean < -2 ? 1 : 0))),
      asr_s_lp_tok: sent.total_lp / sent.ntok,
      asr_s_llr_tok: (sent.total_lp - u.greedy.lp_sum) / sent.ntok,
      asr_s_margin: mean(sent.words.map((w) => w.margin_mean)),
      asr_wer: Math.min(u.greedy.wer, 2),
    },
    words: sent.words.map((w) => ({
      asr_w_sum: w.sum,
      asr_w_min: w.min,
      asr_w_first: w.first,
      asr_w_margin: w.margin_mean,
      asr_w_top1: w.top1,
    })),
  };
}
fs.writeFileSync(output, JSON.stringify(out));
console.log(`${Object.keys(out).length} recordings written to ${output}; ${skipped} skipped`);
