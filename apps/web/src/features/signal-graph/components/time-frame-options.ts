import { INTELLIGENCE_TIME_FRAMES } from '@ri/contracts';

const titles = { '1h': 'Last hour', '24h': 'Last 24 hours', '7d': 'Last 7 days', '30d': 'Last 30 days' } as const;

/** Spec: 1h, 24h, 7d, 30d, labelled as the spec writes them, with the full wording as a hover title. */
export const TIME_FRAME_OPTIONS = INTELLIGENCE_TIME_FRAMES.map((value) => ({
  value,
  label: value,
  title: titles[value],
}));
