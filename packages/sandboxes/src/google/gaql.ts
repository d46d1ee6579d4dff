// A parser for the subset of the Google Ads Query Language a sync uses (developers.google.com/google-ads/api/docs/
// query/grammar): SELECT fields FROM resource [WHERE conditions joined by AND] [ORDER BY fields [ASC|DESC]] [LIMIT n]
// [PARAMETERS name = value]. Errors carry the QueryError enum value Google answers with.

export type GaqlValue = string | number;

export type GaqlCondition =
  | { field: string; op: '=' | '!=' | '>' | '>=' | '<' | '<='; value: GaqlValue }
  | { field: string; op: 'IN' | 'NOT IN'; values: GaqlValue[] }
  | { field: string; op: 'BETWEEN'; from: GaqlValue; to: GaqlValue }
  | { field: string; op: 'DURING'; range: string }
  | { field: string; op: 'IS NULL' | 'IS NOT NULL' }
  | { field: string; op: 'LIKE' | 'NOT LIKE'; value: string };

export type GaqlQuery = {
  select: string[];
  from: string;
  where: GaqlCondition[];
  orderBy: { field: string; desc: boolean }[];
  limit: number | null;
  parameters: Record<string, string>;
};

/** A query Google would refuse: `code` is the QueryError enum value (UNRECOGNIZED_FIELD, EXPECTED_FROM…). */
export class GaqlError extends Error {
  readonly code: string;
  constructor(code: string, message: string) {
    super(message);
    this.code = code;
  }
}

type Token = { kind: 'word' | 'number' | 'string' | 'symbol'; text: string; value?: GaqlValue };

const SYMBOLS = ['!=', '>=', '<=', '=', '>', '<', '(', ')', ','];

const tokenize = (query: string): Token[] => {
  const tokens: Token[] = [];
  let i = 0;
  while (i < query.length) {
    const ch = query[i]!;
    if (/\s/.test(ch)) {
      i += 1;
      continue;
    }
    if (ch === "'" || ch === '"') {
      let text = '';
      let j = i + 1;
      for (; j < query.length && query[j] !== ch; j++) {
        if (query[j] === '\n')
          throw new GaqlError('PROHIBITED_NEWLINE_IN_STRING', 'Newlines are not allowed in strings.');
        if (query[j] === '\\' && j + 1 < query.length) j += 1;
        text += query[j];
      }
      if (j >= query.length) throw new GaqlError('STRING_NOT_TERMINATED', 'The string is not terminated.');
      tokens.push({ kind: 'string', text, value: text });
      i = j + 1;
      continue;
    }
    const symbol = SYMBOLS.find((s) => query.startsWith(s, i));
    if (symbol) {
      tokens.push({ kind: 'symbol', text: symbol });
      i += symbol.length;
      continue;
    }
    const number = /^-?\d+(\.\d+)?/.exec(query.slice(i));
    if (number) {
      tokens.push({ kind: 'number', text: number[0], value: Number(number[0]) });
      i += number[0].length;
      continue;
    }
    const word = /^[A-Za-z_][A-Za-z0-9_.]*/.exec(query.slice(i));
    if (word) {
      tokens.push({ kind: 'word', text: word[0] });
      i += word[0].length;
      continue;
    }
    throw new GaqlError('BAD_SYMBOL', `Error in query: unexpected input ${ch}.`);
  }
  return tokens;
};

/** Parses a GAQL query; throws a GaqlError naming what Google's parser would. */
export const parseGaql = (query: string): GaqlQuery => {
  const tokens = tokenize(query);
  let pos = 0;
  const peek = () => tokens[pos];
  const isWord = (text: string, t = peek()) => t?.kind === 'word' && t.text.toUpperCase() === text;
  const next = (): Token => {
    const t = tokens[pos];
    if (!t) throw new GaqlError('UNEXPECTED_END_OF_QUERY', 'Error in query: unexpected end of query.');
    pos += 1;
    return t;
  };
  const expectWord = (text: string, code: string) => {
    if (!isWord(text)) throw new GaqlError(code, `Error in query: expected ${text}.`);
    pos += 1;
  };
  const field = (): string => {
    const t = next();
    if (t.kind !== 'word' || !t.text.includes('.')) {
      throw new GaqlError('BAD_FIELD_NAME', `Error in query: invalid field name ${t.text}.`);
    }
    return t.text;
  };
  const value = (): GaqlValue => {
    const t = next();
    if (t.kind === 'string' || t.kind === 'number') return t.value!;
    if (t.kind === 'word' && /^[A-Z_][A-Z0-9_]*$/.test(t.text)) return t.text;
    throw new GaqlError('BAD_VALUE', `Error in query: invalid value ${t.text}.`);
  };
  const list = (): GaqlValue[] => {
    if (peek()?.text !== '(') throw new GaqlError('EXPECTED_LIST', 'Error in query: expected a list.');
    pos += 1;
    const values: GaqlValue[] = [];
    if (peek()?.text === ')') throw new GaqlError('PROHIBITED_EMPTY_LIST_IN_CONDITION', 'Empty lists are not allowed.');
    for (;;) {
      values.push(value());
      const t = next();
      if (t.text === ')') return values;
      if (t.text !== ',') throw new GaqlError('EXPECTED_LIST', 'Error in query: expected , or ).');
    }
  };

  expectWord('SELECT', 'EXPECTED_SELECT');
  const select = [field()];
  while (peek()?.text === ',') {
    pos += 1;
    select.push(field());
  }
  expectWord('FROM', 'EXPECTED_FROM');
  const from = next();
  if (from.kind !== 'word' || from.text.includes('.')) {
    throw new GaqlError('BAD_RESOURCE_TYPE_IN_FROM_CLAUSE', `Error in query: invalid resource ${from.text}.`);
  }

  const where: GaqlCondition[] = [];
  if (isWord('WHERE')) {
    pos += 1;
    for (;;) {
      const name = field();
      const op = next();
      const upper = op.text.toUpperCase();
      if (op.kind === 'symbol' && ['=', '!=', '>', '>=', '<', '<='].includes(op.text)) {
        where.push({ field: name, op: op.text as '=', value: value() });
      } else if (upper === 'IN') {
        where.push({ field: name, op: 'IN', values: list() });
      } else if (upper === 'NOT' && isWord('IN')) {
        pos += 1;
        where.push({ field: name, op: 'NOT IN', values: list() });
      } else if (upper === 'NOT' && isWord('LIKE')) {
        pos += 1;
        where.push({ field: name, op: 'NOT LIKE', value: String(value()) });
      } else if (upper === 'LIKE') {
        where.push({ field: name, op: 'LIKE', value: String(value()) });
      } else if (upper === 'BETWEEN') {
        const from = value();
        expectWord('AND', 'EXPECTED_AND');
        where.push({ field: name, op: 'BETWEEN', from, to: value() });
      } else if (upper === 'DURING') {
        const range = next();
        if (range.kind !== 'word') throw new GaqlError('INVALID_VALUE_WITH_DURING_OPERATOR', 'Invalid date range.');
        where.push({ field: name, op: 'DURING', range: range.text.toUpperCase() });
      } else if (upper === 'IS') {
        const not = isWord('NOT');
        if (not) pos += 1;
        expectWord('NULL', 'BAD_VALUE');
        where.push({ field: name, op: not ? 'IS NOT NULL' : 'IS NULL' });
      } else {
        throw new GaqlError('BAD_OPERATOR', `Error in query: invalid operator ${op.text}.`);
      }
      if (!isWord('AND')) break;
      pos += 1;
    }
  }

  const orderBy: GaqlQuery['orderBy'] = [];
  if (isWord('ORDER')) {
    pos += 1;
    expectWord('BY', 'EXPECTED_BY');
    for (;;) {
      const name = field();
      let desc = false;
      if (isWord('DESC')) {
        desc = true;
        pos += 1;
      } else if (isWord('ASC')) pos += 1;
      orderBy.push({ field: name, desc });
      if (peek()?.text !== ',') break;
      pos += 1;
    }
  }

  let limit: number | null = null;
  if (isWord('LIMIT')) {
    pos += 1;
    const t = next();
    if (t.kind !== 'number' || !Number.isInteger(t.value) || (t.value as number) <= 0) {
      throw new GaqlError('BAD_LIMIT_VALUE', `Error in query: invalid limit ${t.text}.`);
    }
    limit = t.value as number;
  }

  const parameters: Record<string, string> = {};
  if (isWord('PARAMETERS')) {
    pos += 1;
    for (;;) {
      const name = next();
      if (next().text !== '=') throw new GaqlError('BAD_PARAMETER_VALUE', 'Error in query: expected =.');
      parameters[name.text] = String(value()).toLowerCase();
      if (peek()?.text !== ',') break;
      pos += 1;
    }
  }
  const rest = peek();
  if (rest) throw new GaqlError('UNEXPECTED_INPUT', `Error in query: unexpected input ${rest.text}.`);
  return { select, from: from.text, where, orderBy, limit, parameters };
};
