/**
 * The embedded model's identity. MODEL_VERSION goes into every downstream cache key and
 * names the morphology cache folder: bump it whenever any number the model answers
 * would change (seed, morphology rules, meteorology, physics constants).
 */
export const MODEL_VERSION = 'embedded-1.7.2';

/** master seed of all generated morphology and weather */
export const MODEL_SEED = 0x5eed_b1e5;
