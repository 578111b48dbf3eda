import createModule from 'soundswallower';
import { createRequire } from 'node:module';
import path from 'node:path';
import fs from 'node:fs';
const req = createRequire(import.meta.url);
const p = req.resolve('soundswallower');
const ss = await createModule({ modelBase: path.join(path.dirname(p), 'model') + '/' , printErr: () => {}});
const d = new ss.Decoder({ loglevel: 'ERROR', samprate: 16000 });
await d.initialize();
const load = (n) => { const buf = fs.readFileSync(`test-fixtures/${n}.wav`);
const i16 = new Int16Array(buf.buffer, buf.byteOffset + 44, (buf.length - 44) / 2);
return Float32Array.from(i16, (x) => x / 32768); };
const f = load('kite');
d.add_words(['lele', 'L IY L']);
function run(label, audio, text) {
  const t0 = performance.now();
  d.set_align_text(text);
  d.start(); d.process_audio(audio, false, true); d.stop();
  const a = d.get_alignment({});
  console.log(label, (performance.now()-t0).toFixed(0)+'ms', JSON.stringify(a.w?.filter(w=>w.t!=='<sil>').map(w => [w.t, w.b, +(w.b + w.d).toFixed(2)])));
}
const modes = { strict: [1e-48, 7e-29, 1e-48], relaxed: [1e-100, 1e-80, 1e-100] };
const noise = (n, amp) => Float32Array.from({ length: n }, () => (Math.random() * 2 - 1) * amp);
const cat = (...xs) => { const o = new Float32Array(xs.reduce((a, x) => a + x.length, 0)); let k = 0; for (const x of xs) { o.set(x, k); k += x.length; } return o; };
const tests = {
  missingword: [f, 'lele look i see a kite in the sky'],
  extraword: [f, 'lele look i see a big red kite in the sky'],
  burst: [cat(f.subarray(0, 20000), noise(8000, 0.9), f.subarray(20000)), 'lele look i see a red kite in the sky'],
  twice: [cat(f, f), 'lele look i see a red kite in the sky'],
  prefix: [cat(load('ducks'), f), 'lele look i see a red kite in the sky'],
  suffix: [cat(f, load('ducks')), 'lele look i see a red kite in the sky'],
  tone: [cat(Float32Array.from({length: 32000}, (_, i) => 0.5*Math.sin(i*2*Math.PI*440/16000)), f), 'lele look i see a red kite in the sky'],
  clipped: [Float32Array.from(f, x => Math.max(-0.02, Math.min(0.02, x * 10))), 'lele look i see a red kite in the sky'],
};
for (const [name, [audio, text]] of Object.entries(tests)) for (const [m, [b, wb, pb]] of Object.entries(modes)) {
  d.set_config('beam', b); d.set_config('wbeam', wb); d.set_config('pbeam', pb);
  run(name + ' ' + m, audio, text);
}
