/** Types of check-layers.mjs for the tests that import it. */
export function checkLayers(
  src: string,
  /** the city ids no city-agnostic layer may write; default: the packages in data/cities beside src */
  cityIds?: readonly string[],
  /** the metric ids written only in their modules (and data files); default: the folders of src/domain/metrics holding a module */
  metricIds?: readonly string[],
): { files: number; problems: string[] };
