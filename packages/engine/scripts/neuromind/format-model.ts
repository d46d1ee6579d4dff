const WIDTH = 120;
const INDENT = '  ';

const flat = (value: unknown): string => {
  if (Array.isArray(value)) return value.length === 0 ? '[]' : `[${value.map(flat).join(', ')}]`;
  if (typeof value === 'object' && value !== null) {
    const entries = Object.entries(value).filter(([, v]) => v !== undefined);
    return entries.length === 0
      ? '{}'
      : `{ ${entries.map(([k, v]) => `${JSON.stringify(k)}: ${flat(v)}`).join(', ')} }`;
  }
  return JSON.stringify(value) ?? 'null';
};

/** Numbers packed as many to a line as fit, the way the formatter lays out long number arrays. */
function fill(items: number[], indent: string): string[] {
  const lines: string[] = [];
  let line = '';
  items.forEach((n, i) => {
    const item = `${JSON.stringify(n)}${i < items.length - 1 ? ',' : ''}`;
    if (line !== '' && indent.length + line.length + 1 + item.length > WIDTH) {
      lines.push(`${indent}${line}`);
      line = item;
    } else line = line === '' ? item : `${line} ${item}`;
  });
  if (line !== '') lines.push(`${indent}${line}`);
  return lines;
}

function render(value: unknown, indent: string, prefix: string, suffix: string): string {
  const oneLine = flat(value);
  const isContainer = typeof value === 'object' && value !== null;
  if (!isContainer || indent.length + prefix.length + oneLine.length + suffix.length <= WIDTH) {
    return `${indent}${prefix}${oneLine}${suffix}`;
  }
  const inner = indent + INDENT;
  const [open, close] = Array.isArray(value) ? ['[', ']'] : ['{', '}'];
  if (Array.isArray(value) && value.every((v) => typeof v === 'number')) {
    return [`${indent}${prefix}${open}`, ...fill(value, inner), `${indent}${close}${suffix}`].join('\n');
  }
  const items: [string, unknown][] = Array.isArray(value)
    ? value.map((v) => ['', v])
    : Object.entries(value)
        .filter(([, v]) => v !== undefined)
        .map(([k, v]) => [`${JSON.stringify(k)}: `, v]);
  const lines = items.map(([p, v], i) => render(v, inner, p, i < items.length - 1 ? ',' : ''));
  return `${indent}${prefix}${open}\n${lines.join('\n')}\n${indent}${close}${suffix}`;
}

/**
 * Serialises the model as the repository's formatter (Biome) lays JSON out, so a refitted file passes the
 * format check unchanged: like `formatJson`, plus long arrays of numbers packed as many to a line as fit.
 */
export function formatModelJson(value: unknown): string {
  return `${render(value, '', '', '')}\n`;
}
