import createModule from 'soundswallower';
import { createRequire } from 'node:module';
import path from 'node:path';
const req = createRequire(import.meta.url);
const p = req.resolve('soundswallower');
const logs = [];
const ss = await createModule({ modelBase: path.join(path.dirname(p), 'model') + '/' , printErr: (s) => logs.push(s), print: (s) => logs.push('OUT ' + s)});
let t0 = performance.now();
const d = new ss.Decoder({ loglevel: 'WARN', samprate: 16000 });
await d.initialize();
console.log('init', performance.now() - t0);
t0 = performance.now();
try { d.add_words(['look', 'L UW K']); } catch (e) { console.log('ERR', e.constructor.name, String(e.message).slice(0,100)); }
console.log('add', performance.now() - t0, d.lookup_word('look'), d.lookup_word('look(2)'), d.lookup_word('a(2)'), d.lookup_word('a(3)'));
t0 = performance.now();
d.add_words(['x:1', 'K AE T'], ['x:2', 'K AE T S']);
console.log('add2', performance.now() - t0, d.lookup_word('x:1'));
try { d.add_words(['bad', 'QQ AE']); } catch (e) { console.log('ERR', e.constructor.name, e.message); }
try { d.set_align_text('look unknownword'); } catch (e) { console.log('ERR', e.message); }
console.log(logs);
