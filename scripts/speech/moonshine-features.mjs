// Issue 36 experiment (decision 102, fourth pass): a second acoustic model's evidence for every
// recording of speechocean762-dev and -train — Moonshine base (MIT, an English speech-to-text
// encoder-decoder shipped inside the npm tarball of @usefulsensors/moonshine-js@0.1.16), its
// log-probability of the recording's own text token by token (two casings), and a greedy
// transcription. Not a dependency of the product: set it up in a folder of its own, MOONSHINE_DIR:
//   cd $MOONSHINE_DIR && npm init -y
//   ONNXRUNTIME_NODE_INSTALL=skip npm install onnxruntime-node@1.31.1 llama-tokenizer-js@1.2.2
//   npm pack @usefulsensors/moonshine-js@0.1.16 && tar xzf usefulsensors-moonshine-js-0.1.16.tgz package/dist/model/base
//   cp <repo>/scripts/speech/moonshine-features.mjs .
//   DATA_DIR=<repo>/../shared/data nice -n 19 node moonshine-features.mjs base
// (~8 min for the 1,280 recordings, one thread; resumable: appends to features_<model>.jsonl).
// Then `node <repo>/scripts/speech/asr-features.mjs $MOONSHINE_DIR/features_base.jsonl out.json`
// writes what `calibrate.ts --asr-features out.json` reads. DATA_DIR: the folder holding the two
// speechocean762 folders.

import fs from 'node:fs';
import tok from 'llama-tokenizer-js';
import ort from 'onnxruntime-node';

const which = process.argv[2] || 'base';
const maxUtts = +(process.argv[3] || 1e9);
const cfg = which === 'base' ? { L: 8, D: 52 } : { L: 6, D: 36 };
const H = 8;
const HERE = process.env.MOONSHINE_DIR ?? process.cwd();
const DATA = process.env.DATA_DIR;
if (!DATA || !fs.existsSync(`${DATA}/speechocean762-dev/labels.json`)) {
  throw new Error('set DATA_DIR to the folder holding speechocean762-dev and -train');
}
const dir = `${HERE}/package/dist/model/${which}/quantized/`;
const OUT = `${HERE}/features_${which}.jsonl`;
const opt = { intraOpNumThreads: 1, interOpNumThreads: 1, executionMode: 'sequential' };

const cpu = () => {
  const u = process.cpuUsage();
  return (u.user + u.system) / 1000;
};
const rssMB = () => process.memoryUsage().rss / 1048576;

const rss0 = rssMB();
const w0 = performance.now(),
  c0 = cpu();
const enc = await ort.InferenceSession.create(`${dir}encoder_model.onnx`, opt);
const dec = await ort.InferenceSession.create(`${dir}decoder_model_merged.onnx`, opt);
const load = {
  wall_ms: performance.now() - w0,
  cpu_ms: cpu() - c0,
  rss_before_MB: rss0,
  rss_after_MB: rssMB(),
};
console.error('load', JSON.stringify(load));

function emptyPast() {
  const p = {};
  for (let i = 0; i < cfg.L; i++)
    for (const a of ['decoder', 'encoder'])
      for (const b of ['key', 'value'])
        p[`past_key_values.${i}.${a}.${b}`] = new ort.Tensor('float32', new Float32Array(0), [
          0,
          H,
          1,
          cfg.D,
        ]);
  return p;
}
const i64 = (a) => new ort.Tensor('int64', BigInt64Array.from(a.map(BigInt)), [1, a.length]);

function readWav(path) {
  const b = fs.readFileSync(path);
  let o = 12,
    fmt = null;
  while (o + 8 <= b.length) {
    const id = b.toString('ascii', o, o + 4),
      sz = b.readUInt32LE(o + 4);
    if (id === 'fmt ')
      fmt = {
        ch: b.readUInt16LE(o + 10),
        sr: b.readUInt32LE(o + 12),
        bits: b.readUInt16LE(o + 22),
      };
    if (id === 'data') {
      if (fmt?.ch !== 1 || fmt.sr !== 16000 || fmt.bits !== 16)
        throw new Error(`bad fmt ${path}${JSON.stringify(fmt)}`);
      const n = Math.floor(Math.min(sz, b.length - o - 8) / 2),
        a = new Float32Array(n);
      for (let i = 0; i < n; i++) a[i] = b.readInt16LE(o + 8 + 2 * i) / 32768;
      return a;
    }
    o += 8 + sz + (sz & 1);
  }
  throw new Error(`no data ${path}`);
}

// log-softmax stats at row t: returns {lp of target, maxlp, entropy, argmax}
function rowStats(lg, t, V, target) {
  const off = t * V;
  let mx = -Infinity,
    am = 0;
  for (let j = 0; j < V; j++)
    if (lg[off + j] > mx) {
      mx = lg[off + j];
      am = j;
    }
  let s = 0;
  for (let j = 0; j < V; j++) s += Math.exp(lg[off + j] - mx);
  const lse = mx + Math.log(s);
  let ent = 0;
  for (let j = 0; j < V; j++) {
    const l = lg[off + j] - lse;
    ent -= Math.exp(l) * l;
  }
  return { lp: target == null ? null : lg[off + target] - lse, maxlp: mx - lse, ent, am };
}

const normWords = (s) =>
  s
    .toLowerCase()
    .replace(/[^a-z0-9' ]+/g, ' ')
    .replace(/'/g, "'")
    .split(/\s+/)
    .filter(Boolean)
    .map((w) => w.replace(/^'+|'+$/g, ''))
    .filter(Boolean);

function sentenceCase(words) {
  // words upper-case from labels
  return words.map((w, i) => {
    let x = w.toLowerCase();
    if (x === 'i' || x.startsWith("i'")) x = `I${x.slice(1)}`;
    if (i === 0) x = x[0].toUpperCase() + x.slice(1);
    return x;
  });
}

// teacher-forced scoring; words: array of word strings; suffix: '' or '.'; returns per-word token stats + eos etc.
async function teacherForce(encOut, words, suffix) {
  const text = words.join(' ') + suffix;
  const ids = tok.encode(text); // [1, ...]
  // map tokens to words: token beginning with ▁ starts a new word
  const wOf = [];
  let wi = -1;
  for (let k = 1; k < ids.length; k++) {
    const piece = tok.vocabById[ids[k]];
    if (piece.startsWith('\u2581')) wi++;
    wOf.push(wi < words.length ? Math.max(wi, 0) : -1);
  }
  if (wi !== words.length - 1) throw new Error(`word map mismatch ${text} ${wi}`);
  // tokens of suffix '.' attach to last word by ▁ rule; detect: decode position of suffix tokens
  const seq = [...ids, 2];
  const out = await dec.run({
    input_ids: i64(seq.slice(0, -1)),
    encoder_hidden_states: encOut,
    use_cache_branch: new ort.Tensor('bool', [false]),
    ...emptyPast(),
  });
  const [, T, V] = out.logits.dims;
  const lg = out.logits.data;
  const toks = [];
  for (let t = 0; t < T; t++) {
    const r = rowStats(lg, t, V, seq[t + 1]);
    toks.push({
      id: seq[t + 1],
      w: t < wOf.length ? wOf[t] : -2,
      lp: r.lp,
      maxlp: r.maxlp,
      ent: r.ent,
    });
  }
  // suffix token(s): the last tokens if suffix present ('.' = single token 29889)
  let nSuffix = 0;
  if (suffix) {
    const base = tok.encode(words.join(' '));
    nSuffix = ids.length - base.length;
    for (let k = 0; k < nSuffix; k++) toks[T - 2 - k].w = -1;
  }
  const eos = toks[T - 1];
  const suffixLp = toks.filter((x) => x.w === -1).reduce((a, x) => a + x.lp, 0);
  const wordFeats = words.map((_, i) => {
    const ts = toks.filter((x) => x.w === i);
    const lps = ts.map((x) => x.lp);
    return {
      ntok: ts.length,
      sum: lps.reduce((a, b) => a + b, 0),
      mean: lps.reduce((a, b) => a + b, 0) / ts.length,
      min: Math.min(...lps),
      first: lps[0],
      margin_mean: ts.reduce((a, x) => a + (x.lp - x.maxlp), 0) / ts.length,
      ent_mean: ts.reduce((a, x) => a + x.ent, 0) / ts.length,
      top1: ts.every((x) => x.lp >= x.maxlp - 1e-6) ? 1 : 0,
    };
  });
  return {
    words: wordFeats,
    eos_lp: eos.lp,
    suffix_lp: suffixLp,
    total_lp: toks.reduce((a, x) => a + x.lp, 0),
    ntok: T,
  };
}

async function greedy(encOut, maxTok) {
  let past = emptyPast(),
    ids = [1];
  const out = [];
  let lpSum = 0;
  for (let i = 0; i < maxTok; i++) {
    const o = await dec.run({
      input_ids: i64(ids),
      encoder_hidden_states: encOut,
      use_cache_branch: new ort.Tensor('bool', [i > 0]),
      ...past,
    });
    const V = o.logits.dims[2];
    const r = rowStats(o.logits.data, 0, V, null);
    lpSum += r.maxlp;
    if (r.am === 2) return { tokens: out, lpSum, stopped: true };
    out.push(r.am);
    ids = [r.am];
    for (const [k, v] of Object.entries(o))
      if (k.startsWith('present')) {
        const pk = k.replace('present', 'past_key_values');
        if (i === 0 || pk.includes('decoder')) past[pk] = v;
      }
  }
  return { tokens: out, lpSum, stopped: false };
}

// word-level Levenshtein alignment; returns edit distance and per-ref-word matched flags
function align(ref, hyp) {
  const n = ref.length,
    m = hyp.length;
  const D = Array.from({ length: n + 1 }, (_, i) => {
    const r = new Array(m + 1).fill(0);
    r[0] = i;
    return r;
  });
  for (let j = 0; j <= m; j++) D[0][j] = j;
  for (let i = 1; i <= n; i++)
    for (let j = 1; j <= m; j++)
      D[i][j] = Math.min(
        D[i - 1][j] + 1,
        D[i][j - 1] + 1,
        D[i - 1][j - 1] + (ref[i - 1] === hyp[j - 1] ? 0 : 1),
      );
  const matched = new Array(n).fill(0);
  let i = n,
    j = m;
  while (i > 0 && j > 0) {
    if (D[i][j] === D[i - 1][j - 1] + (ref[i - 1] === hyp[j - 1] ? 0 : 1)) {
      if (ref[i - 1] === hyp[j - 1]) matched[i - 1] = 1;
      i--;
      j--;
    } else if (D[i][j] === D[i - 1][j] + 1) i--;
    else j--;
  }
  return { dist: D[n][m], matched };
}

// ---- utterance list: round-robin across speakers so a partial run is speaker-stratified
const utts = [];
for (const part of ['dev', 'train']) {
  const root = `${DATA}/speechocean762-${part}`;
  for (const u of JSON.parse(fs.readFileSync(`${root}/labels.json`)))
    utts.push({ ...u, wav: `${root}/wav/${u.id}.wav`, part });
}
const bySpk = {};
for (const u of utts) {
  bySpk[u.speaker] ??= [];
  bySpk[u.speaker].push(u);
}
const order = [];
const spks = Object.keys(bySpk).sort();
for (let k = 0; order.length < utts.length; k++)
  for (const s of spks) if (bySpk[s][k]) order.push(bySpk[s][k]);

const done = new Set();
if (fs.existsSync(OUT))
  for (const l of fs.readFileSync(OUT, 'utf8').split('\n'))
    if (l.trim()) {
      try {
        done.add(JSON.parse(l).id);
      } catch {}
    }
console.error(`${which}: ${done.size} already done, ${order.length} total`);
fs.writeFileSync(`${HERE}/load_${which}.json`, JSON.stringify(load));

let count = 0;
let peakRss = rssMB();
for (const u of order) {
  if (done.has(u.id)) continue;
  if (count >= maxUtts) break;
  const audio = readWav(u.wav);
  const dur = audio.length / 16000;
  const words = u.words.map((w) => w.text);
  const t = {};
  let w = performance.now(),
    c = cpu();
  const eo = (await enc.run({ input_values: new ort.Tensor('float32', audio, [1, audio.length]) }))
    .last_hidden_state;
  t.enc_wall = performance.now() - w;
  t.enc_cpu = cpu() - c;
  w = performance.now();
  c = cpu();
  const tfS = await teacherForce(eo, sentenceCase(words), '.');
  t.tf_wall = performance.now() - w;
  t.tf_cpu = cpu() - c;
  w = performance.now();
  c = cpu();
  const tfL = await teacherForce(
    eo,
    words.map((x) => x.toLowerCase()),
    '',
  );
  t.tf2_wall = performance.now() - w;
  t.tf2_cpu = cpu() - c;
  w = performance.now();
  c = cpu();
  const g = await greedy(eo, Math.ceil(dur * 6) + 10);
  t.greedy_wall = performance.now() - w;
  t.greedy_cpu = cpu() - c;
  const hypText = tok.decode(g.tokens).trim();
  const ref = normWords(words.join(' ')),
    hyp = normWords(hypText);
  const al = align(ref, hyp);
  const rec = {
    id: u.id,
    speaker: u.speaker,
    age: u.age,
    part: u.part,
    dur,
    text: u.text,
    enc_frames: eo.dims[1],
    tf_sent: tfS,
    tf_lower: tfL,
    greedy: {
      text: hypText,
      ntok: g.tokens.length,
      lp_sum: g.lpSum,
      stopped: g.stopped,
      wer: al.dist / ref.length,
      match_frac: al.matched.reduce((a, b) => a + b, 0) / ref.length,
      matched: al.matched,
      nhyp: hyp.length,
    },
    time: t,
  };
  fs.appendFileSync(OUT, `${JSON.stringify(rec)}\n`);
  count++;
  peakRss = Math.max(peakRss, rssMB());
  if (count % 20 === 0 || count <= 3)
    console.error(
      count,
      u.id,
      `${dur.toFixed(2)}s`,
      JSON.stringify(Object.fromEntries(Object.entries(t).map(([k, v]) => [k, Math.round(v)]))),
      '|',
      hypText,
      '| rss',
      rssMB().toFixed(0),
    );
}
fs.writeFileSync(
  `${HERE}/load_${which}.json`,
  JSON.stringify({ ...load, peak_rss_MB: peakRss, processed_this_run: count }),
);
console.error('done', count, 'peak rss MB', peakRss.toFixed(0));
