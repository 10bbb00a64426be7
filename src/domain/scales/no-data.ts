/** The colour of a cell without a reading, the same on every scale of every metric. */
export const NO_DATA_COLOR = '#aaa4a4';
