import type { FeatureVector, WordFeature } from './features';

/**
 * Tests' word feature vector: a two-phone word read, GOP −5, with the given evidence (the
 * features that follow from it kept consistent). Not used by the scorer.
 */
export function testWord(evidence = -0.5): FeatureVector<WordFeature> {
  return {
    gop: -5,
    gop_min: -6,
    worst_state: -7,
    utt_gop: -5,
    sec_per_phone: 0.1,
    min_dur_frac: 0,
    voiced_frac: 1,
    phones: 2,
    missed: 0,
    gop_rel: 0,
    evidence,
    ev_rel: 0,
    utt_ev: evidence,
    dur_rel: 0,
    ev_phone_min: evidence,
    gop_min_sq: 36,
    ev_x_phones: evidence * 2,
    one_phone: 0,
    hist_gop: -5,
  };
}
