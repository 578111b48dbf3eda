#!/bin/sh
# Speaker adaptation of Debian's 16 kHz pocketsphinx model to the development speakers'
# voices with sphinxtrain (decision 068, third and fifth rounds). Writes into OUT (default
# /tmp/picbook-speech-adapt), never into the repository.
#
#   [WARP=w] sh packages/speech/adapt/adapt.sh [dataset-dir] [out-dir]
#
# WARP is the vocal-tract-length warp of the features the means are adapted on (default 1.2: the
# shipped means; decision 068, seventh round, compared 1.0–1.5 this way). The scorer reads them at
# its own warp (acoustic-model.ts MODEL_WARP.debian, 1.3 since the eighth round).
#
# Needs the Debian packages sphinxtrain, sphinxbase-utils (sphinx_fe), pocketsphinx
# (pocketsphinx_mdef_convert) and python3-numpy. Steps:
#  1. MFCC features of every recording with the scorer's front-end settings, at warp WARP.
#  2. Baum-Welch counts (bw) per speaker on the well-read recordings (human accuracy >= 8).
#  3. Per speaker, a global MLLR transform (mllr_solve) and MAP means (map_adapt) from the
#     OTHER speakers' counts only, applied to the means (mllr_transform): OUT/mllr/<spk>.means
#     and OUT/map/<spk>.means, plus OUT/{mllr,map}/all.means from every speaker.
# The shipped means (packages/speech/models/pocketsphinx-en-us-16k/means.speechocean762-map)
# are OUT/map/all.means. To remake them and refit the debian calibration on features of
# speakers the adaptation did not hear:
#   cp OUT/map/all.means packages/speech/models/pocketsphinx-en-us-16k/means.speechocean762-map
#   npx tsx packages/speech/src/calibrate.ts --model debian --means OUT/map
#   npm run eval:speech -- <dataset-dir> --means OUT/map
set -eu
DATA=${1:-/work/shared/data/speechocean762-dev}
OUT=${2:-/tmp/picbook-speech-adapt}
WARP=${WARP:-1.2}
M=/usr/share/pocketsphinx/model/en-us/en-us
ST=/usr/lib/sphinxtrain
HERE=$(cd "$(dirname "$0")" && pwd)
DICT=$HERE/../../../node_modules/soundswallower/model/en-us/dict.txt
mkdir -p "$OUT/feat" "$OUT/acc" "$OUT/mllr" "$OUT/map"
cd "$OUT"

pocketsphinx_mdef_convert -text $M/mdef mdef.txt >/dev/null 2>&1
python3 "$HERE/sendump2mixw.py" $M/sendump mixture_weights

# Transcripts (well-read recordings whose words are all in the dictionary), per speaker.
python3 - "$DATA" "$DICT" <<'PY'
import json, os, sys
data, dict_path = sys.argv[1], sys.argv[2]
prons = {}
for line in open(dict_path):
    p = line.split()
    if p and '(' not in p[0]:
        prons.setdefault(p[0], ' '.join(p[1:]))
labels = json.load(open(os.path.join(data, 'labels.json')))
open('all.fileids', 'w').write(''.join(u['id'] + '\n' for u in labels))
used, by = set(), {}
for u in labels:
    words = [w.strip('.,!?') for w in u['text'].lower().split()]
    if u['accuracy'] < 8 or any(w not in prons for w in words):
        continue
    used.update(words)
    by.setdefault(u['speaker'], []).append((u['id'], words))
open('adapt.dict', 'w').write(''.join(f'{w} {prons[w]}\n' for w in sorted(used)))
for speaker, utts in by.items():
    os.makedirs(f'acc/{speaker}', exist_ok=True)
    open(f'acc/{speaker}/ctl', 'w').write(''.join(i + '\n' for i, _ in utts))
    open(f'acc/{speaker}/lsn', 'w').write(
        ''.join(f'<s> {" ".join(w)} </s> ({i})\n' for i, w in utts))
PY

# The scorer's front-end settings (acoustic-model.ts: feat_params.json, no silence removal), at warp WARP.
sphinx_fe -samprate 16000 -lowerf 130 -upperf 6800 -nfilt 25 -transform dct -lifter 22 \
  -mswav yes -remove_silence no -warp_type inverse_linear -warp_params "$WARP" \
  -c all.fileids -di "$DATA/wav" -do feat -ei wav -eo mfc >fe.log 2>&1

for s in $(ls acc); do
  $ST/bw -moddeffn mdef.txt -ts2cbfn .ptm. -mixwfn mixture_weights \
    -meanfn $M/means -varfn $M/variances -tmatfn $M/transition_matrices \
    -feat 1s_c_d_dd -svspec 0-12/13-25/26-38 -cmn current -agc none -varnorm no \
    -dictfn adapt.dict -fdictfn $M/noisedict -ctlfn acc/$s/ctl -lsnfn acc/$s/lsn \
    -cepdir feat -cepext mfc -accumdir acc/$s >acc/$s/bw.log 2>&1
done

for s in $(ls acc) all; do
  dirs=$(ls -d acc/* | grep -v "acc/$s\$" | paste -sd,)
  $ST/mllr_solve -meanfn $M/means -varfn $M/variances -outmllrfn mllr/$s.mllr \
    -accumdir "$dirs" >mllr/$s.log 2>&1
  $ST/mllr_transform -inmeanfn $M/means -outmeanfn mllr/$s.means -mllrmat mllr/$s.mllr \
    >>mllr/$s.log 2>&1
  $ST/map_adapt -moddeffn mdef.txt -ts2cbfn .ptm. -meanfn $M/means -varfn $M/variances \
    -mixwfn mixture_weights -tmatfn $M/transition_matrices -accumdir "$dirs" \
    -mapmeanfn map/$s.means -mapvarfn map/$s.var -mapmixwfn map/$s.mixw \
    -maptmatfn map/$s.tmat >map/$s.log 2>&1
done
echo "adapted means in $OUT/mllr and $OUT/map"
