#!/usr/bin/env bash
# Regenerates the alignment test fixtures with Festival (run once; outputs are committed).
#
#   packages/speech/test-fixtures/make-fixtures.sh
#
# For every sentence below it writes <id>.wav (16 kHz mono 16-bit PCM, resampled by
# Festival itself) and collects Festival's own word timings (start of the word's first
# segment, end of its last segment; pauses excluded) into timings.json. Those timings are
# the reference the aligner is measured against in align.test.ts.
#
# Requires: festival with voice_cmu_us_slt_arctic_hts.
set -euo pipefail

here="$(cd "$(dirname "$0")" && pwd)"
voice="voice_cmu_us_slt_arctic_hts"
tmp="$(mktemp -d)"
trap 'rm -rf "$tmp"' EXIT

# id|text  (keep the total audio short: the WAVs are committed)
sentences=(
  "kite|Lele, look! I see a red kite in the sky."
  "boat|Duoduo has a little green boat."
  "mooncakes|Don't touch Lele's mooncakes!"
  "ducks|Three little ducks swim to the pond."
)

json="{"
first=1
for entry in "${sentences[@]}"; do
  id="${entry%%|*}"
  text="${entry#*|}"
  escaped="${text//\\/\\\\}"
  escaped="${escaped//\"/\\\"}"
  cat >"$tmp/$id.scm" <<SCM
($voice)
(set! utt (Utterance Text "$escaped"))
(utt.synth utt)
(utt.wave.resample utt 16000)
(utt.save.wave utt "$here/$id.wav" 'riff)
(mapcar (lambda (w) (format t "%s\t%s\t%s\n" (item.name w) (item.feat w "R:SylStructure.daughter1.daughter1.segment_start") (item.feat w "word_end"))) (utt.relation.items utt 'Word))
SCM
  festival -b "$tmp/$id.scm" >"$tmp/$id.tsv"
  # Festival splits clitics ("Lele's" -> "Lele" + "'s") and gives the clitic no segments of
  # its own (the Z is part of "Lele"): such words are folded into the previous word.
  words="$(awk -F'\t' '
    NF == 3 {
      if ($2 + 0 == 0 && $3 + 0 == 0 && n > 0) { w[n] = w[n] $1; next }
      n++; w[n] = $1; s[n] = $2; e[n] = $3
    }
    END {
      for (i = 1; i <= n; i++)
        printf "%s{ \"word\": \"%s\", \"start\": %s, \"end\": %s }", (i > 1 ? ",\n      " : ""), w[i], sprintf("%.3f", s[i]) + 0, sprintf("%.3f", e[i]) + 0
    }' "$tmp/$id.tsv")"
  [ "$first" -eq 1 ] || json+=","
  first=0
  json+="
  \"$id\": {
    \"text\": \"$escaped\",
    \"wav\": \"$id.wav\",
    \"words\": [
      $words
    ]
  }"
done
json+="
}"
printf '%s\n' "$json" >"$here/timings.json"
ls -l "$here"/*.wav
echo "wrote $here/timings.json"
