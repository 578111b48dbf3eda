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
  d.set_align_text(text);
  d.start(); d.process_audio(audio, false, true); d.stop();
  const a = d.get_alignment({});
  console.log(label, JSON.stringify(a.w?.filter(w=>w.t!=='<sil>').map(w => [w.t, w.b, +(w.b + w.d).toFixed(2)])));
}
const cat = (...xs) => { const o = new Float32Array(xs.reduce((a, x) => a + x.length, 0)); let k = 0; for (const x of xs) { o.set(x, k); k += x.length; } return o; };
const modes = { strict: [1e-48, 7e-29, 1e-48], relaxed: [1e-100, 1e-80, 1e-100] };
const mid = cat(f.subarray(0, 13000), load('ducks'), f.subarray(13000));
for (const [name, audio] of [['cut2.0', f.subarray(0, 32000)], ['cut2.3', f.subarray(0, 36800)], ['cut1.6', f.subarray(0, 25600)], ['cut1.0', f.subarray(0, 16000)], ['mid', mid]])
for (const [m, [b, wb, pb]] of Object.entries(modes)) {
  d.set_config('beam', b); d.set_config('wbeam', wb); d.set_config('pbeam', pb);
  run(name + ' ' + m, audio, 'lele look i see a red kite in the sky');
}
