import type { Evidence, RewriteText } from '@ri/engine';
import type { FastifyBaseLogger } from 'fastify';

// An OpenAI-compatible chat-completions provider that may reword a recommendation for the reader (LLM_BASE_URL,
// LLM_API_KEY, LLM_MODEL). The engine's text is what the product stands on: a rewrite is asked for as JSON with the
// same fields, and the caller keeps it only when the engine's `checkRewrite` finds no number outside the evidence.
// Any failure (no answer in time, bad JSON, an error status) keeps the engine's text. The key is never logged.

export type Rewriter = (original: RewriteText, evidence: readonly Evidence[]) => Promise<RewriteText | null>;

const TIMEOUT_MS = 20_000;

const SYSTEM = [
  'You rewrite business recommendations so a busy owner understands them at a glance.',
  'Keep the meaning. Use only numbers that appear in the original text or the evidence, written the same way or as',
  'a percentage of a fraction. Never add a number, estimate, date or name. Keep the same number of action steps.',
  'Answer with JSON only: {"title": string, "description": string, "action_steps": string[]}.',
].join(' ');

export function createRewriter(
  config: { baseUrl: string; apiKey: string | undefined; model: string },
  log: FastifyBaseLogger,
): Rewriter {
  return async (original, evidence) => {
    const controller = new AbortController();
    const timer = setTimeout(() => controller.abort(), TIMEOUT_MS);
    try {
      const res = await fetch(`${config.baseUrl}/chat/completions`, {
        method: 'POST',
        signal: controller.signal,
        headers: {
          'content-type': 'application/json',
          ...(config.apiKey ? { authorization: `Bearer ${config.apiKey}` } : {}),
        },
        body: JSON.stringify({
          model: config.model,
          temperature: 0.3,
          max_tokens: 800,
          response_format: { type: 'json_object' },
          messages: [
            { role: 'system', content: SYSTEM },
            {
              role: 'user',
              content: JSON.stringify({
                recommendation: {
                  title: original.title,
                  description: original.description,
                  action_steps: original.action_steps,
                },
                evidence: evidence.map((e) => ({ metric: e.metric, value: e.value, unit: e.unit, window: e.window })),
              }),
            },
          ],
        }),
      });
      if (!res.ok) {
        log.warn({ status: res.status }, 'the language model did not reword a recommendation');
        return null;
      }
      const body = (await res.json()) as { choices?: { message?: { content?: string } }[] };
      const content = body.choices?.[0]?.message?.content;
      if (!content) return null;
      const parsed = JSON.parse(content.replace(/^```(?:json)?\s*|\s*```$/g, '')) as Partial<RewriteText>;
      if (
        typeof parsed.title !== 'string' ||
        typeof parsed.description !== 'string' ||
        !Array.isArray(parsed.action_steps) ||
        !parsed.action_steps.every((s) => typeof s === 'string')
      ) {
        return null;
      }
      return { title: parsed.title, description: parsed.description, action_steps: parsed.action_steps };
    } catch (error) {
      log.warn(
        { err: error instanceof Error ? error.message : String(error) },
        'the language model could not be reached',
      );
      return null;
    } finally {
      clearTimeout(timer);
    }
  };
}
