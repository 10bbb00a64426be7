/**
 * Marked regions of a Markdown file, `<!-- generated:NAME -->` … `<!-- /generated:NAME -->`,
 * whose text `npm run docs:generate` writes from a real start of the service. The markers
 * stay in the file; only what lies between them is replaced.
 */
const REGION = /<!-- generated:([a-z0-9-]+) -->\n([\s\S]*?)<!-- \/generated:\1 -->/g;

/** every region of `text` by name, with its body as committed (without the markers) */
export function readRegions(text: string): Map<string, string> {
  const found = new Map<string, string>();
  for (const match of text.matchAll(REGION)) {
    if (found.has(match[1]!)) throw new Error(`region ${match[1]} is marked twice`);
    found.set(match[1]!, match[2]!);
  }
  return found;
}

/** the body a region holds for `content`: the content, then a line break before the end marker */
export function regionBody(content: string): string {
  return `${content.replace(/\n+$/, '')}\n`;
}

/** `text` with every region named in `contents` rewritten; other text untouched */
export function writeRegions(text: string, contents: Readonly<Record<string, string>>): string {
  return text.replace(REGION, (whole, name: string) =>
    name in contents
      ? `<!-- generated:${name} -->\n${regionBody(contents[name]!)}<!-- /generated:${name} -->`
      : whole,
  );
}
