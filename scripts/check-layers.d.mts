/** Types of check-layers.mjs for the tests that import it. */
export function checkLayers(src: string): { files: number; problems: string[] };
