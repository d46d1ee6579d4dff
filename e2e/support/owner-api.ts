import { expect } from 'vitest';

/** Anything that parses an answer into its type: the contracts' zod schemas. */
type Parser<T> = { parse(value: unknown): T };

export type OwnerApi = {
  email: string;
  password: string;
  /** GETs a path under /api/v1 with the owner's token and parses the answer with its contract schema. */
  get<T>(path: string, schema: Parser<T>): Promise<T>;
  /** POSTs JSON under /api/v1 with the owner's token; the answer is parsed when a schema is given. */
  post<T = unknown>(path: string, body: unknown, schema?: Parser<T>): Promise<T>;
};

/** Signs a business owner up through the API, as a quicker start for journeys about something else. */
export async function signUpOwner(baseUrl: string, businessName: string): Promise<OwnerApi> {
  const email = `owner.${Date.now()}.${Math.random().toString(36).slice(2, 8)}@example.test`;
  const password = 'Live-Screens-Journey-2026';
  const request = async (method: string, path: string, token?: string, body?: unknown) => {
    const res = await fetch(`${baseUrl}/api/v1${path}`, {
      method,
      headers: {
        ...(body === undefined ? {} : { 'content-type': 'application/json' }),
        ...(token ? { authorization: `Bearer ${token}` } : {}),
      },
      body: body === undefined ? undefined : JSON.stringify(body),
    });
    const answer = (await res.json()) as unknown;
    expect(res.ok, `${method} ${path} answered ${res.status}: ${JSON.stringify(answer)}`).toBe(true);
    return answer;
  };
  const signup = (await request('POST', '/auth/signup', undefined, {
    email,
    password,
    data: { first_name: 'Ines', business_name: businessName },
  })) as { session: { access_token: string } };
  const token = signup.session.access_token;
  return {
    email,
    password,
    get: async (path, schema) => schema.parse(await request('GET', path, token)),
    post: async <T>(path: string, body: unknown, schema?: Parser<T>) => {
      const answer = await request('POST', path, token, body);
      return (schema ? schema.parse(answer) : answer) as T;
    },
  };
}
