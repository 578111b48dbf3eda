import createModule from 'soundswallower';
import { createRequire } from 'node:module';
import path from 'node:path';
import fs from 'node:fs';
const req = createRequire(import.meta.url);
const p = req.resolve('soundswallower');
const ss = await createModule({ modelBase: path.join(path.dirname(p), 'model') + '/' , printErr: (s) => { if (/fsg_search.c\(222\)|ERROR|WARN|decoder.c/.test(s)) console.log('LOG', s); }});
const d = new ss.Decoder({ loglevel: 'INFO', samprate: 16000 });
await d.initialize();
const buf = fs.readFileSync('test-fixtures/kite.wav');
const i16 = new Int16Array(buf.buffer, buf.byteOffset + 44, (buf.length - 44) / 2);
const f = Float32Array.from(i16, (x) => x / 32768);
d.add_words(['lele', 'L IY L']);
function run(label, audio, text) {
  d.set_align_text(text);
  d.start(); d.process_audio(audio, false, true); d.stop();
  const a = d.get_alignment({});
  console.log(label, JSON.stringify(d.get_text()), JSON.stringify(a.w?.map(w => [w.t, w.b, +(w.b + w.d).toFixed(2)])));
}
for (const beam of [1e-5, 1e-10, 1e-20]) {
  d.set_config('beam', beam); d.set_config('pbeam', beam); d.set_config('wbeam', beam);
  try { run('beam ' + beam, f, 'lele look i see a red kite in the sky'); } catch (e) { console.log('ERR', e.message); }
}
d.set_config('beam', 1e-48); d.set_config('pbeam', 1e-48); d.set_config('wbeam', 7e-29);
try { run('wrong text', f, 'the cat sat on the mat'); } catch (e) { console.log('ERR', e.message); }
// noise padding
const noise = (n, amp) => Float32Array.from({ length: n }, () => (Math.random() * 2 - 1) * amp);
const padded = new Float32Array(f.length + 32000 * 2);
padded.set(noise(32000, 0.05), 0); padded.set(f, 32000); padded.set(noise(32000, 0.05), 32000 + f.length);
run('noise 0.05', padded, 'lele look i see a red kite in the sky');
const padded2 = new Float32Array(f.length + 32000 * 2);
padded2.set(noise(32000, 0.3), 0); padded2.set(f, 32000); padded2.set(noise(32000, 0.3), 32000 + f.length);
run('noise 0.3', padded2, 'lele look i see a red kite in the sky');
run('empty', new Float32Array(1600), 'lele look i see a red kite in the sky');
