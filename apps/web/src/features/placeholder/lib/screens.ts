/** Screens still to be built: their title and one honest sentence about what each will show. */
export const PLACEHOLDER_SCREENS = {
  'dev-monitoring': {
    title: 'System Health & Metrics',
    about: 'It will show the health, response times and resource use of the running system.',
  },
  'data-map': {
    title: 'Data Flow Architecture',
    about: 'It will map how data flows from tracking and integrations through the engines to each screen.',
  },
  'prompts-editor': {
    title: 'Prompts Editor',
    about:
      'It will let you test and compare prompts; runs go through the server, so no provider key reaches your browser.',
  },
} as const;

export type PlaceholderScreenId = keyof typeof PLACEHOLDER_SCREENS;
