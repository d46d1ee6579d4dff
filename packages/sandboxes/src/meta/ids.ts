// Graph ids are decimal strings. The sandbox's carry what they name, so a lookup or a cursor needs no map:
// `12` + a kind digit + the account's index (3 digits) + the object's index (10 digits).

export const META_KINDS = ['campaigns', 'adsets', 'ads', 'adcreatives', 'report_runs'] as const;
export type MetaKind = (typeof META_KINDS)[number];

const DIGIT: Record<MetaKind, number> = { campaigns: 1, adsets: 2, ads: 3, adcreatives: 4, report_runs: 5 };

/** The id of an account's `index`-th object of a kind. */
export const metaId = (kind: MetaKind, account: number, index: number): string =>
  `12${DIGIT[kind]}${String(account).padStart(3, '0')}${String(index).padStart(10, '0')}`;

/** What an id names, or undefined when the sandbox made no such id. */
export const parseMetaId = (id: string): { kind: MetaKind; account: number; index: number } | undefined => {
  const match = /^12(\d)(\d{3})(\d{10})$/.exec(id);
  if (!match) return undefined;
  const kind = META_KINDS.find((k) => DIGIT[k] === Number(match[1]));
  return kind ? { kind, account: Number(match[2]), index: Number(match[3]) } : undefined;
};

/** Graph's cursors are opaque base64 strings; the sandbox's hold a position. */
export const encodeCursor = (position: number): string =>
  Buffer.from(`pos:${position}`).toString('base64url').replace(/=+$/, '');

export const decodeCursor = (cursor: string): number | undefined => {
  const text = Buffer.from(cursor, 'base64url').toString('utf8');
  const match = /^pos:(\d+)$/.exec(text);
  return match ? Number(match[1]) : undefined;
};

/** The fields of a Graph `fields` parameter at the top level: `id,name,creative{id,name}` → id, name, creative. */
export const parseFields = (value: string | null): string[] | undefined => {
  if (value === null || value.trim() === '') return undefined;
  const fields: string[] = [];
  let depth = 0;
  let current = '';
  for (const ch of value) {
    if (ch === '{') depth += 1;
    if (ch === '}') depth -= 1;
    if (ch === ',' && depth === 0) {
      fields.push(current);
      current = '';
    } else current += ch;
  }
  fields.push(current);
  return fields.map((f) => f.replace(/[{.].*$/, '').trim()).filter((f) => f !== '');
};
