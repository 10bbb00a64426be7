/** Types of check-layers.mjs for the tests that import it. */
export function checkLayers(
  src: string,
  /** the city ids no city-agnostic layer may write; default: the packages in data/cities beside src */
  cityIds?: readonly string[],
): { files: number; problems: string[] };
