const WIDTH = 120;
const INDENT = '  ';

function flat(value: unknown): string {
  if (Array.isArray(value)) return value.length === 0 ? '[]' : `[${value.map(flat).join(', ')}]`;
  if (typeof value === 'object' && value !== null) {
    const entries = Object.entries(value).filter(([, v]) => v !== undefined);
    if (entries.length === 0) return '{}';
    return `{ ${entries.map(([k, v]) => `${JSON.stringify(k)}: ${flat(v)}`).join(', ')} }`;
  }
  return JSON.stringify(value) ?? 'null';
}

function render(value: unknown, indent: string, prefix: string, suffix: string): string {
  const oneLine = flat(value);
  const isContainer = typeof value === 'object' && value !== null;
  if (!isContainer || indent.length + prefix.length + oneLine.length + suffix.length <= WIDTH) {
    return `${indent}${prefix}${oneLine}${suffix}`;
  }
  const inner = indent + INDENT;
  const items: [string, unknown][] = Array.isArray(value)
    ? value.map((v) => ['', v])
    : Object.entries(value)
        .filter(([, v]) => v !== undefined)
        .map(([k, v]) => [`${JSON.stringify(k)}: `, v]);
  const [open, close] = Array.isArray(value) ? ['[', ']'] : ['{', '}'];
  const lines = items.map(([p, v], i) => render(v, inner, p, i < items.length - 1 ? ',' : ''));
  return `${indent}${prefix}${open}\n${lines.join('\n')}\n${indent}${close}${suffix}`;
}

/**
 * Serialises JSON data the way the repository's formatter (Biome) lays it out: a value stays on one
 * line when it fits in 120 columns, else its items go one per line. Generated model files are then
 * compact (a tree node per line) and pass the format check unchanged.
 */
export function formatJson(value: unknown): string {
  return `${render(value, '', '', '')}\n`;
}
