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
  console.log(label, (performance.now()-t0).toFixed(0)+'ms', JSON.stringify(a.w?.map(w => [w.t, w.b, +(w.b + w.d).toFixed(2), w.p])));
}
const noise = (n, amp) => Float32Array.from({ length: n }, () => (Math.random() * 2 - 1) * amp);
const cat = (...xs) => { const o = new Float32Array(xs.reduce((a, x) => a + x.length, 0)); let k = 0; for (const x of xs) { o.set(x, k); k += x.length; } return o; };
const tone = (n, fr, amp=0.5) => Float32Array.from({length: n}, (_, i) => amp*Math.sin(i*2*Math.PI*fr/16000));
const audio = cat(tone(32000, 440), f);
for (const [sp, fp] of [[0.005, 1e-8], [0.1, 1e-8], [0.5, 1e-8], [0.005, 1e-2], [0.1, 0.1], [0.5,0.5]]) {
  d.set_config('silprob', sp); d.set_config('fillprob', fp);
  run(`sil ${sp} fill ${fp}`, audio, 'lele look i see a red kite in the sky');
}
d.set_config('silprob', 0.005); d.set_config('fillprob', 1e-8);
run('prefix', cat(load('ducks'), f), 'lele look i see a red kite in the sky');
run('hum', cat(tone(32000, 120, 0.3), f), 'lele look i see a red kite in the sky');
run('loudnoise', cat(noise(32000, 0.5), f), 'lele look i see a red kite in the sky');
