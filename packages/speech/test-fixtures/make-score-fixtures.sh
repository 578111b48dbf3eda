#!/usr/bin/env bash
# Regenerates the pronunciation-scoring test fixtures with Festival (run once; outputs are
# committed). Writes score-<id>.wav (16 kHz mono 16-bit PCM) for each sentence below; the
# tests in src/score.test.ts derive silence, noise, short clips and wrong references from
# them.
#
#   packages/speech/test-fixtures/make-score-fixtures.sh
#
# Requires: festival with voice_cmu_us_slt_arctic_hts.
set -euo pipefail

here="$(cd "$(dirname "$0")" && pwd)"
voice="voice_cmu_us_slt_arctic_hts"
tmp="$(mktemp -d)"
trap 'rm -rf "$tmp"' EXIT

# id|text  (keep them short: the WAVs are committed)
sentences=(
  "kite|I see a red kite."
  "cat|The cat is on the mat."
)

for entry in "${sentences[@]}"; do
  id="${entry%%|*}"
  text="${entry#*|}"
  cat >"$tmp/$id.scm" <<SCM
($voice)
(set! utt (Utterance Text "$text"))
(utt.synth utt)
(utt.wave.resample utt 16000)
(utt.save.wave utt "$here/score-$id.wav" 'riff)
SCM
  festival -b "$tmp/$id.scm"
done
ls -l "$here"/score-*.wav
